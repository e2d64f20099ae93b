package io.txbench.api.run;

import io.txbench.core.engine.RunOptions;
import io.txbench.core.spi.StoppedException;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;

/**
 * What the caller of a {@link Sweep} makes of how its steps end, beyond what the sweep says itself:
 * the command line its exit code and its own lines, the Java API its result. Unless told otherwise,
 * a step that fails ends the sweep with its exception.
 */
public interface Verdicts {
  /** A run at {@code run}'s options ended so; false ends the sweep (it was stopped). */
  boolean measured(RunOptions run, MeasuredRun.Ended ended);

  /** The server was lost during a run: the target's later levels are not run. */
  default void lost(TargetUnavailableException e) throws Exception {
    throw e;
  }

  /** A stop while the data was loading: the sweep ends. */
  default void stoppedInSetup(StoppedException e) throws Exception {
    throw e;
  }

  /** {@code target}, one of several, could not be reached or prepared: the others run. */
  default void unreachable(TargetSettings target, Exception e) throws Exception {
    throw e;
  }

  /** Data of {@code target} stays on a server the user keeps, reached with {@code options}. */
  default void leftBehind(TargetSettings target, TargetOptions options) {}
}
