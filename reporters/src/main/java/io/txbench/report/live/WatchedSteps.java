package io.txbench.report.live;

import io.txbench.core.engine.CompositeListener;
import io.txbench.core.engine.RunListener;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.run.StepListener;
import io.txbench.report.RunRecorder;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A run's steps as its {@link RunRecorder} takes them, each also setting the phase the endpoints
 * show; the measured window's counts handed to the metrics endpoint, its periods to the live page.
 * The recorder goes first at every step: the result files hold a period before the live page reads
 * them, and summary.json is written before the phase says verify.
 */
public final class WatchedSteps implements StepListener {
  private final RunWatch watch;
  private final RunRecorder recorder;
  private final WatchedRun run;
  private final @Nullable LivePage live;
  private final @Nullable Path directory;
  private final PrintStream err;
  private @Nullable LiveRun shown;

  WatchedSteps(
      RunWatch watch,
      RunRecorder recorder,
      WatchedRun run,
      @Nullable LivePage live,
      @Nullable Path directory,
      PrintStream err) {
    this.watch = watch;
    this.recorder = recorder;
    this.run = run;
    this.live = live;
    this.directory = directory;
    this.err = err;
  }

  @Override
  public void waitingForStart(Instant at, Duration left) {
    recorder.waitingForStart(at, left);
  }

  @Override
  public void startingLate(Instant at, Duration late) {
    recorder.startingLate(at, late);
  }

  @Override
  public RunListener warmingUp(Duration length) {
    watch.phase(Phase.WARMUP);
    return recorder.warmingUp(length);
  }

  @Override
  public void warmedUp(Duration length, Optional<String> verdict) {
    recorder.warmedUp(length, verdict);
  }

  @Override
  public Optional<RunListener> measuring(RunOptions options, Metrics metrics) {
    Optional<RunListener> recorded = recorder.measuring(options, metrics);
    if (recorded.isEmpty()) {
      return recorded;
    }
    List<RunListener> all = new ArrayList<>(List.of(recorded.get(), run.measuring(metrics)));
    if (live != null && directory != null) {
      LiveRun page = new LiveRun(live, recorder, directory, metrics, err);
      shown = page;
      all.add(page);
    }
    watch.phase(Phase.MEASURED);
    return Optional.of(new CompositeListener(all));
  }

  @Override
  public void settling(Duration length) {
    recorder.settling(length);
  }

  @Override
  public void started() {
    recorder.started();
  }

  @Override
  public void measured(RunResult result) {
    recorder.measured(result);
    watch.phase(Phase.VERIFY);
  }

  /**
   * The run is over, verify's verdict written: the phase says done, and the live page shows the
   * run's report.
   */
  public void ended() {
    if (shown != null) {
      shown.ended();
    }
    watch.phase(Phase.DONE);
  }
}
