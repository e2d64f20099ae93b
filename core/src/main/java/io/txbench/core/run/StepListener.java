package io.txbench.core.run;

import io.txbench.core.engine.RunListener;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.engine.StartGate;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import java.time.Duration;
import java.util.Optional;

/**
 * Follows the steps of one measured run of a {@link Benchmark}, in their order: the wait for the
 * start ({@link StartGate.Watcher}), the warm-up, the run being set up, the run starting, its
 * result. The benchmark prints nothing: whatever a caller shows or writes, it does here. Every
 * method has a default that does nothing, and is called on the thread that called {@link
 * Benchmark#measure}.
 */
public interface StepListener extends StartGate.Watcher {

  StepListener NONE = new StepListener() {};

  /** The unmeasured warm-up of {@code length} starts (not called without one); what follows it. */
  default RunListener warmingUp(Duration length) {
    return new RunListener() {};
  }

  /**
   * The warm-up is over after {@code length}: {@code verdict} says whether the client had settled,
   * when the warm-up waited for that ({@link MeasurementPlan#warmUpSettles}), and is empty when its
   * length was fixed.
   */
  default void warmedUp(Duration length, Optional<String> verdict) {}

  /**
   * The warm-up is over, verify's baseline is taken, and the measured run comes next: what follows
   * the run (reporters, result files), given the metrics it fills. Empty when that cannot be set up
   * (a result directory that cannot be written): nothing is measured then, and the outcome says so.
   */
  default Optional<RunListener> measuring(RunOptions run, Metrics metrics) {
    return Optional.of(new RunListener() {});
  }

  /**
   * The commit cross-check waits {@code length}, before or after the measured run, for the server
   * to publish its count of commits (PostgreSQL does within 10 s); not called when it need not
   * wait, and perhaps on the thread that starts the run's clock.
   */
  default void settling(Duration length) {}

  /** The baseline is taken: the measured run starts now, its workers opening their sessions. */
  default void started() {}

  /**
   * The run is over and verify comes next: the moment to keep its result, so that a verify that
   * fails or hangs loses nothing of it.
   */
  default void measured(RunResult result) {}
}
