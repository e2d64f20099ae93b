package io.txbench.cli;

import io.txbench.core.Causes;
import io.txbench.core.CompositeListener;
import io.txbench.core.Crew;
import io.txbench.core.ErrorClass;
import io.txbench.core.ForDuration;
import io.txbench.core.ForIterations;
import io.txbench.core.Metrics;
import io.txbench.core.OpenLoop;
import io.txbench.core.RunLength;
import io.txbench.core.RunListener;
import io.txbench.core.RunOptions;
import io.txbench.core.RunResult;
import io.txbench.core.Runner;
import io.txbench.core.StopReason;
import io.txbench.core.Tally;
import io.txbench.core.Target;
import io.txbench.core.TargetUnavailableException;
import io.txbench.core.Verification;
import io.txbench.report.ConsoleSummary;
import io.txbench.report.DropwizardReporters;
import io.txbench.report.HistogramLog;
import io.txbench.report.IntervalsCsv;
import io.txbench.report.ProgressLine;
import io.txbench.report.ResultFiles;
import io.txbench.report.RunSummary;
import io.txbench.report.SummaryJson;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One measured run of a crew, from warm-up to exit code, in the order that keeps the results
 * whatever fails: warm up, take verify's baseline, run, print and write the summary, and only then
 * verify, whose verdict is added to both. A verify that cannot reach the server says so in the
 * summary instead of losing the run.
 */
final class MeasuredRun<S extends AutoCloseable> {
  private final CommandPlan plan;
  private final RunHeader header;
  private final Crew<S> crew;
  private final Target target;
  private final ShutdownGuard guard;
  private final PrintStream out;
  private final PrintStream err;

  /**
   * What every run of a session shares: what is printed and recorded about the run, where it ran
   * among it ({@code server}; {@code embedded} when txbench started that server itself).
   */
  record RunHeader(String target, String serverVersion, boolean embedded, String server,
      String workload, boolean transactions, boolean transactionalKind) {}

  MeasuredRun(CommandPlan plan, RunHeader header, Crew<S> crew, Target target,
      ShutdownGuard guard, PrintStream out, PrintStream err) {
    this.plan = plan;
    this.header = header;
    this.crew = crew;
    this.target = target;
    this.guard = guard;
    this.out = out;
    this.err = err;
  }

  /** Warms up, measures and verifies one run at {@code run}'s parallelism; its exit code. */
  int run(RunOptions run, Path directory) throws Exception {
    // The result files are opened after the warm-up: a run stopped in it leaves its directory
    // empty, to be removed, instead of holding files that look like a run's.
    if (!warmUp(run)) {
      out.println("Stopped during the warm-up: nothing was measured.");
      return ExitCodes.INTERRUPTED;
    }
    Metrics metrics = new Metrics(run.openLoop());
    CompositeListener listeners;
    try {
      listeners = new CompositeListener(listeners(metrics, directory, run));
    } catch (IOException e) {
      err.println("txbench: cannot write results to " + directory + ": "
          + ResultFiles.reason(e));
      return ExitCodes.RESULTS_INCOMPLETE;
    }
    try {
      crew.workload().beforeRun();
    } catch (Exception e) {
      throw StepFailures.during("taking verify's baseline", target, e);
    }
    long unsettled = crew.unsettled();
    Runner runner = new Runner(run, metrics, listeners);
    guard.watch(runner::requestStop);
    RunResult result = runner.run(crew, target);
    RunSummary summary = new RunSummary(io.txbench.core.ToolVersion.get(), header.target(),
        header.serverVersion(), header.embedded(), header.server(), header.workload(),
        header.transactions(), run.parallelism(), plan.warmup(),
        plan.shownOptions(), result, Verification.notRun("verify had not finished"),
        directory.toString(), listeners.failures());
    ConsoleSummary.print(out, summary);
    summary = write(directory, summary);
    Verification verdict = verify(result, result.tally().withUnsettledBefore(unsettled));
    ConsoleSummary.printVerification(out, verdict);
    summary = write(directory, summary.withVerification(verdict));
    return exitCode(run, result, summary);
  }

  /** Says what runs, once every worker's session is open and the clock starts. */
  private RunListener announcement(RunOptions run) {
    String line = "Running " + header.workload()
        + (header.transactions() || !header.transactionalKind() ? ""
            : " (no transactions)")
        + " on " + header.target() + " with " + run.parallelism() + " thread(s)"
        + (run.pacing() instanceof OpenLoop open
            ? String.format(Locale.US, " at %.0f per second", open.rate()) : "")
        + ", " + describe(run.length()) + ".";
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

  /** Runs the unmeasured warm-up, if any; false when a stop came meanwhile. */
  private boolean warmUp(RunOptions run) throws InterruptedException, TargetUnavailableException {
    Duration warmup = plan.warmup();
    if (warmup.isZero()) {
      return true;
    }
    out.println("Warming up for " + human(warmup) + " (not measured).");
    Runner runner = new Runner(run.warmup(warmup), new Metrics(run.openLoop()),
        ProgressLine.of(out, "warm-up"));
    guard.watch(runner::requestStop);
    return runner.run(crew, target).stopReason() != StopReason.INTERRUPTED;
  }

  private Verification verify(RunResult result, Tally tally) {
    if (!plan.verify()) {
      return Verification.notRun("--no-verify");
    }
    if (result.stopReason() == StopReason.INTERRUPTED) {
      return Verification.notRun("the run was interrupted");
    }
    try {
      return crew.workload().verify(tally);
    } catch (Exception e) {
      boolean lost = target.classify(e).errorClass() == ErrorClass.CONNECTION;
      return Verification.notRun((lost ? "cannot reach the server: " : "verify failed: ")
          + Causes.describe(e));
    }
  }

  /** Writes summary.json; a failure is one line, and is recorded in the summary it returns. */
  private RunSummary write(Path directory, RunSummary summary) {
    try {
      SummaryJson.write(directory, summary, plan.credentials()::mask);
      return summary;
    } catch (IOException e) {
      if (summary.writeFailures().stream().noneMatch(f -> f.contains(SummaryJson.FILE))) {
        err.println("txbench: " + e.getMessage()); // once, not again after verify
      }
      return summary.withWriteFailure(e.getMessage());
    }
  }

  private int exitCode(RunOptions run, RunResult result, RunSummary summary) {
    if (result.stopReason() == StopReason.INTERRUPTED) {
      return ExitCodes.INTERRUPTED;
    }
    int code = ExitCodes.OK;
    boolean tooManyErrors = run.maxErrors() > 0 && result.errors() >= run.maxErrors();
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
    return code;
  }

  private List<RunListener> listeners(Metrics metrics, Path directory, RunOptions run)
      throws IOException {
    List<RunListener> listeners = new ArrayList<>();
    listeners.add(announcement(run));
    listeners.add(new ProgressLine(out));
    listeners.add(DropwizardReporters.csv(metrics, directory));
    listeners.add(new IntervalsCsv(directory));
    listeners.add(new HistogramLog(directory, run.openLoop()));
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
