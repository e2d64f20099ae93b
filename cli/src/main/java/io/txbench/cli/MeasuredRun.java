package io.txbench.cli;

import io.txbench.core.Benchmark;
import io.txbench.core.CompositeListener;
import io.txbench.core.ForDuration;
import io.txbench.core.ForIterations;
import io.txbench.core.Metrics;
import io.txbench.core.OpenLoop;
import io.txbench.core.OptionValues;
import io.txbench.core.RunLength;
import io.txbench.core.RunListener;
import io.txbench.core.RunOptions;
import io.txbench.core.RunOutcome;
import io.txbench.core.RunPlan;
import io.txbench.core.RunResult;
import io.txbench.core.Setup;
import io.txbench.core.StepListener;
import io.txbench.core.StopReason;
import io.txbench.core.ThresholdVerdict;
import io.txbench.core.Verification;
import io.txbench.report.ConsoleSummary;
import io.txbench.report.DropwizardReporters;
import io.txbench.report.ProgressLine;
import io.txbench.report.ResultFiles;
import io.txbench.report.RunFileWriters;
import io.txbench.report.RunSite;
import io.txbench.report.RunSummary;
import io.txbench.report.SummaryJson;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One measured run of a benchmark as the command line shows and records it, from warm-up to exit
 * code. The benchmark takes the steps in their order (warm-up, verify's baseline, run, verify);
 * this prints them, writes the result files and the summary before verify, and adds verify's
 * verdict and the thresholds' to both, so a verify that cannot reach the server says so instead of
 * losing the run.
 */
final class MeasuredRun {
  private final CommandPlan plan;
  private final RunHeader header;
  private final Benchmark benchmark;
  private final PrintStream out;
  private final PrintStream err;

  /**
   * What every run on one data level of a session shares: where it ran and what, as its summary
   * records it ({@code site}), whether its workload's iterations are transactions by nature ({@code
   * transactionalKind}: one run without them says so), which of the command's data levels it ran on
   * ({@code dataLevel}, 0-based), and what the setup before it did ({@code setup}, null when it
   * used data loaded before, whose data options {@code loaded} gives: empty after a setup).
   */
  record RunHeader(
      RunSite site, boolean transactionalKind, int dataLevel, Setup setup, OptionValues loaded) {}

  MeasuredRun(
      CommandPlan plan, RunHeader header, Benchmark benchmark, PrintStream out, PrintStream err) {
    this.plan = plan;
    this.header = header;
    this.benchmark = benchmark;
    this.out = out;
    this.err = err;
  }

  /** Warms up, measures and verifies one run at {@code run}'s parallelism; its exit code. */
  int run(RunOptions run, Path directory) throws Exception {
    Recording recording = new Recording(run, directory);
    RunOutcome outcome;
    try {
      outcome =
          benchmark.measure(
              new RunPlan(run, plan.warmup(), plan.verify(), plan.commitCheck()), recording);
    } catch (Exception e) {
      recording.discard();
      throw e;
    }
    if (outcome.ending() == RunOutcome.Ending.STOPPED_IN_WARM_UP) {
      out.println("Stopped during the warm-up: nothing was measured.");
      return ExitCodes.INTERRUPTED;
    }
    if (outcome.ending() == RunOutcome.Ending.DECLINED) {
      return ExitCodes.RESULTS_INCOMPLETE; // the recording said why
    }
    Verification verdict = outcome.verification();
    ConsoleSummary.printVerification(out, verdict, plan.credentials()::mask);
    // Held after verify, whose verdict one of them may be; a stopped run's too, for the record.
    List<ThresholdVerdict> thresholds =
        plan.thresholds().stream().map(t -> t.check(outcome.result(), verdict)).toList();
    ConsoleSummary.printThresholds(out, thresholds);
    RunSummary summary = write(directory, recording.summary.withVerdicts(verdict, thresholds));
    return exitCode(run, outcome.result(), summary);
  }

  /**
   * What the command line does at each step of a run: says what runs, shows its progress, and
   * writes its result files; its summary is printed and written before verify.
   */
  private final class Recording implements StepListener {
    private final RunOptions run;
    private final Path directory;
    private CompositeListener listeners;
    private RunSummary summary;

    Recording(RunOptions run, Path directory) {
      this.run = run;
      this.directory = directory;
    }

    @Override
    public RunListener warmingUp(Duration length) {
      out.println("Warming up for " + human(length) + " (not measured).");
      return ProgressLine.of(out, "warm-up");
    }

    @Override
    public Optional<RunListener> measuring(RunOptions measured, Metrics metrics) {
      // Called after the warm-up: a run stopped in it leaves its directory empty, to be removed,
      // instead of holding files that look like a run's.
      try {
        listeners = new CompositeListener(listeners(metrics, directory, measured));
        return Optional.of(listeners);
      } catch (IOException e) {
        err.println("txbench: cannot write results to " + directory + ": " + ResultFiles.reason(e));
        return Optional.empty();
      }
    }

    /**
     * Removes the files set up for a run that then measured nothing (its workers' sessions could
     * not be opened): a run that measured nothing leaves no files that look like a run's.
     */
    void discard() {
      if (listeners == null || summary != null) {
        return;
      }
      try {
        ResultFiles.deleteRun(directory);
      } catch (IOException e) {
        err.println("txbench: cannot remove " + directory + "'s files: " + ResultFiles.reason(e));
      }
    }

    @Override
    public void measured(RunResult result) {
      RunSite site = header.site();
      summary =
          RunSummary.measured(
              site,
              run.parallelism(),
              plan.warmup(),
              plan.shownOptions(
                  site.target(), site.workload(), header.dataLevel(), header.loaded()),
              result,
              directory.toString(),
              listeners.failures());
      ConsoleSummary.print(out, summary, plan.credentials()::mask);
      summary = write(directory, summary);
    }
  }

  /** Says what runs, once every worker's session is open and the clock starts. */
  private RunListener announcement(RunOptions run) {
    String line =
        "Running "
            + header.site().workload()
            + (header.site().transactions() || !header.transactionalKind()
                ? ""
                : " (no transactions)")
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

  /** Writes summary.json; a failure is one line, and is recorded in the summary it returns. */
  private RunSummary write(Path directory, RunSummary summary) {
    try {
      SummaryJson.write(directory, summary, header.setup(), plan.credentials()::mask);
      return summary;
    } catch (IOException e) {
      if (summary.writeFailures().stream().noneMatch(f -> f.contains(SummaryJson.FILE))) {
        err.println("txbench: " + e.getMessage()); // once, not again after verify
      }
      return summary.withWriteFailure(e.getMessage());
    }
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
    if (v.status() == Verification.Status.NOT_RUN && plan.verify()) {
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

  private List<RunListener> listeners(Metrics metrics, Path directory, RunOptions run)
      throws IOException {
    List<RunListener> listeners = new ArrayList<>();
    listeners.add(announcement(run));
    listeners.add(new ProgressLine(out));
    listeners.addAll(RunFileWriters.of(metrics, directory, run));
    if (plan.reporters().contains(ReporterKind.CONSOLE)) {
      listeners.add(DropwizardReporters.console(metrics, out));
    }
    if (plan.reporters().contains(ReporterKind.LOG)) {
      listeners.add(DropwizardReporters.log(metrics));
    }
    return listeners;
  }

  static String human(Duration d) {
    return d.toString().substring(2).toLowerCase(Locale.ROOT);
  }
}
