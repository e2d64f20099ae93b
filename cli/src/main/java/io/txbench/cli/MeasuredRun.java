package io.txbench.cli;

import io.txbench.cli.options.ExitCodes;
import io.txbench.core.engine.ForDuration;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.engine.OpenLoop;
import io.txbench.core.engine.RunLength;
import io.txbench.core.engine.RunListener;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.run.Benchmark;
import io.txbench.core.run.MeasurementOutcome;
import io.txbench.core.run.MeasurementPlan;
import io.txbench.core.run.Setup;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TransactionMode;
import io.txbench.core.spi.Verification;
import io.txbench.report.RunRecorder;
import io.txbench.report.files.DropwizardReporters;
import io.txbench.report.files.HourlyCost;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SystemUnderTest;
import io.txbench.report.live.RunWatch;
import io.txbench.report.live.WatchedRun;
import io.txbench.report.live.WatchedSteps;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One measured run of a benchmark as the command line shows and records it, from warm-up to exit
 * code. The benchmark takes the steps in their order (warm-up, verify's baseline, run, verify); a
 * {@link RunRecorder} prints them and writes the result files, as the Java API's runs do; this adds
 * what only the command line says (the warm-up's and the run's announcements, the Dropwizard
 * reporters) and the exit code. Its target's price an hour ({@code cost}; null: none was given)
 * prices it; the {@code watch} serves it while it goes.
 */
record MeasuredRun(
    CommandPlan plan,
    RunHeader header,
    Benchmark benchmark,
    @Nullable HourlyCost cost,
    PrintStream out,
    PrintStream err,
    RunWatch watch) {

  /**
   * What every run on one data level of a session shares: where it ran and what, as its summary
   * records it ({@code site}), whether its workload's iterations are transactions ({@code
   * transactions}: a transactional kind run without them says so), which of the command's data
   * levels it ran on ({@code dataLevel}, 0-based), and what the setup before it did ({@code setup},
   * null when it used data loaded before, whose data options {@code loaded} gives: empty after a
   * setup).
   */
  record RunHeader(
      SystemUnderTest site,
      TransactionMode transactions,
      int dataLevel,
      @Nullable Setup setup,
      OptionValues loaded) {}

  /** Warms up, measures and verifies one run at {@code run}'s parallelism; its exit code. */
  int run(RunOptions run, Path directory) throws Exception {
    SystemUnderTest site = header.site();
    Map<String, Object> options =
        plan.shownOptions(site.target(), site.workload(), header.dataLevel(), header.loaded());
    RunRecorder recorder =
        new RunRecorder(
            new RunRecorder.Subject(
                site,
                run.parallelism(),
                plan.runs().warmup(),
                options,
                plan.roles(options),
                directory,
                header.setup(),
                plan.results().thresholds(),
                cost),
            new RunRecorder.Display(
                out,
                err,
                plan.shown().credentials()::mask,
                this::warmUpLine,
                this::announcement,
                this::reporters));
    WatchedSteps steps =
        watch.follow(
            recorder,
            WatchedRun.Labels.of(site.target(), site.workload(), run.parallelism(), directory),
            directory);
    MeasurementOutcome outcome;
    try {
      outcome =
          benchmark.measure(
              new MeasurementPlan(
                  run,
                  plan.runs().warmup(),
                  plan.runs().warmupLongest(),
                  plan.steps().verify(),
                  plan.steps().commitCheck(),
                  plan.runs().start()),
              steps);
    } catch (Exception e) {
      recorder.discard();
      throw e;
    }
    if (outcome.ending() == MeasurementOutcome.Ending.STOPPED_IN_WARM_UP) {
      out.println(
          recorder.warmUpStarted()
              ? "Stopped during the warm-up: nothing was measured."
              : "Stopped before the warm-up: nothing was measured.");
      return ExitCodes.INTERRUPTED;
    }
    if (outcome.ending() == MeasurementOutcome.Ending.DECLINED) {
      return ExitCodes.RESULTS_INCOMPLETE; // the recorder said why
    }
    RunSummary verified = recorder.verified(outcome);
    steps.ended();
    return exitCode(run, verified.result(), verified);
  }

  /** Says how long the warm-up of {@code length} (its least, when it settles) lasts. */
  private String warmUpLine(Duration length) {
    Duration longest = plan.runs().warmupLongest();
    if (plan.runs().start() != null || longest.compareTo(length) <= 0) {
      return "Warming up for " + human(length) + " (not measured).";
    }
    return "Warming up for at least "
        + human(length)
        + ", on until the throughput settles, at most "
        + human(longest)
        + " (not measured).";
  }

  /** Says what runs, once every worker's session is open and the clock starts. */
  private RunListener announcement(RunOptions run) {
    String line =
        "Running "
            + header.site().workload()
            + (header.transactions() == TransactionMode.DISABLED ? " (no transactions)" : "")
            + " on "
            + header.site().target()
            + " with "
            + run.parallelism()
            + " thread(s)"
            + (run.pacing() instanceof OpenLoop open
                ? String.format(Locale.US, " at %.0f per second", open.rate())
                : "")
            + ", "
            + describe(run.length())
            + ", figures about every "
            + human(run.metricsPeriod())
            + ".";
    return new RunListener() {
      @Override
      public void onStart(long startMillis, int threads) {
        out.println(line);
        out.flush();
      }
    };
  }

  /** "for 30s" or "1000 iterations", as the announcement says it. */
  private static String describe(RunLength length) {
    if (length instanceof ForDuration timed) {
      return "for " + human(timed.length());
    }
    if (length instanceof ForIterations counted) {
      return counted.count() + " iterations";
    }
    throw new IllegalStateException("a run length the announcement does not know: " + length);
  }

  private int exitCode(RunOptions run, RunResult result, RunSummary summary) {
    if (result.window().stopReason() == StopReason.INTERRUPTED) {
      return ExitCodes.INTERRUPTED;
    }
    int code = ExitCodes.OK;
    boolean tooManyErrors = run.maxErrors() > 0 && result.outcomes().errors() >= run.maxErrors();
    if (tooManyErrors) {
      err.println("txbench: the run reached --max-errors (" + run.maxErrors() + ")");
    }
    Verification v = summary.verification();
    if (tooManyErrors || v.status() == Verification.Status.FAILED) {
      code = ExitCodes.RUN_FAILED;
    }
    if (v.status() == Verification.Status.NOT_RUN && plan.steps().verify()) {
      code = ExitCodes.TARGET;
    }
    if (!summary.writeFailures().isEmpty()) {
      code = ExitCodes.RESULTS_INCOMPLETE;
    }
    if (summary.thresholds().stream().anyMatch(t -> !t.passed())) {
      code = ExitCodes.THRESHOLD;
    }
    return code;
  }

  /** The Dropwizard reporters {@code --metrics-reporter} asks for, after the file writers. */
  private List<RunListener> reporters(Metrics metrics) {
    List<RunListener> reporters = new ArrayList<>();
    if (plan.results().reporters().contains(ReporterKind.CONSOLE)) {
      reporters.add(DropwizardReporters.console(metrics, out));
    }
    if (plan.results().reporters().contains(ReporterKind.LOG)) {
      reporters.add(DropwizardReporters.log(metrics));
    }
    return reporters;
  }

  static String human(Duration d) {
    return d.toString().substring(2).toLowerCase(Locale.ROOT);
  }
}
