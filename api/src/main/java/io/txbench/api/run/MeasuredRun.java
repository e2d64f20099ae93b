package io.txbench.api.run;

import io.txbench.core.run.Benchmark;
import io.txbench.core.run.MeasurementOutcome;
import io.txbench.core.run.MeasurementPlan;
import io.txbench.report.RunRecorder;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SystemUnderTest;
import io.txbench.report.live.RunWatch;
import io.txbench.report.live.WatchedRun;
import io.txbench.report.live.WatchedSteps;
import org.jspecify.annotations.Nullable;

/**
 * The measured runs of one open {@link Benchmark}, as a {@link TargetSession} takes them for the
 * command line and the Java API alike: each shown and recorded by a {@link RunRecorder} and served
 * by the {@code watch} while it goes.
 */
public record MeasuredRun(Benchmark benchmark, RunWatch watch) {

  /**
   * How one run ended: its {@code ending}, its {@code summary} once verified (null unless it was
   * measured), why nothing was measured ({@code why}: what declined it, or the stop's cause) and
   * whether a run stopped in its warm-up had started it ({@code warmUpStarted}).
   */
  public record Ended(
      MeasurementOutcome.Ending ending,
      @Nullable RunSummary summary,
      String why,
      boolean warmUpStarted) {}

  /**
   * Warms up, measures and verifies one run as {@code plan} asks, recorded as {@code subject} says
   * and shown by {@code display}; a run that fails leaves no files that look like a run's.
   */
  public Ended measure(
      MeasurementPlan plan, RunRecorder.Subject subject, RunRecorder.Display display)
      throws Exception {
    RunRecorder recorder = new RunRecorder(subject, display);
    SystemUnderTest site = subject.site();
    WatchedSteps steps =
        watch.follow(
            recorder,
            WatchedRun.Labels.of(
                site.target(), site.workload(), subject.parallelism(), subject.directory()),
            subject.directory());
    MeasurementOutcome outcome;
    try {
      outcome = benchmark.measure(plan, steps);
    } catch (Exception e) {
      recorder.discard();
      throw e;
    }
    return switch (outcome.ending()) {
      case DECLINED -> new Ended(outcome.ending(), null, recorder.whyDeclined(), false);
      case STOPPED_IN_WARM_UP ->
          new Ended(
              outcome.ending(),
              null,
              String.valueOf(outcome.verification().cause()),
              recorder.warmUpStarted());
      case MEASURED -> {
        RunSummary verified = recorder.verified(outcome);
        steps.ended();
        yield new Ended(outcome.ending(), verified, "", true);
      }
    };
  }
}
