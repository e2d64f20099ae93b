package io.txbench.cli;

import io.txbench.api.run.MeasuredRun;
import io.txbench.api.run.RunPlan;
import io.txbench.api.run.TargetSettings;
import io.txbench.api.run.Verdicts;
import io.txbench.cli.options.ExitCodes;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.run.MeasurementOutcome;
import io.txbench.core.spi.StoppedException;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.Verification;
import io.txbench.report.files.RunSummary;
import java.io.PrintStream;

/**
 * The command's exit code, the worst of its runs' (a stop the worst of all), and what the command
 * line says of how they end, on {@code out} and {@code err}, as the {@code plan} asked for them.
 */
final class ExitCodeVerdicts implements Verdicts {
  private final PrintStream out;
  private final PrintStream err;
  private final RunPlan plan;
  private int code = ExitCodes.OK;

  ExitCodeVerdicts(PrintStream out, PrintStream err, RunPlan plan) {
    this.out = out;
    this.err = err;
    this.plan = plan;
  }

  /** The exit code of the runs so far. */
  int code() {
    return code;
  }

  @Override
  public boolean measured(RunOptions run, MeasuredRun.Ended ended) {
    int each = exitCode(run, ended);
    code = Math.max(code, each);
    return each != ExitCodes.INTERRUPTED;
  }

  @Override
  public void lost(TargetUnavailableException e) {
    err.println("txbench: " + plan.shown().credentials().mask(e.getMessage()));
    code = Math.max(code, ExitCodes.TARGET);
  }

  @Override
  public void stoppedInSetup(StoppedException e) {
    out.println();
    out.println(
        "Stopped while loading the data: the tables are marked incomplete, and"
            + " --skip-setup refuses them; run without it to load them again.");
    code = Math.max(code, ExitCodes.INTERRUPTED);
  }

  @Override
  public void unreachable(TargetSettings target, Exception e) {
    err.println(
        "txbench: " + target.targetName() + ": " + plan.shown().credentials().mask(e.getMessage()));
    code = Math.max(code, ExitCodes.of(e));
  }

  /** Says where the data stays, and how to remove it. */
  @Override
  public void leftBehind(TargetSettings target, TargetOptions options) {
    out.println(DropHint.of(target.targetName(), target.workload().name(), options));
  }

  /** The exit code of one run at {@code run}'s parallelism that {@code ended} so. */
  private int exitCode(RunOptions run, MeasuredRun.Ended ended) {
    RunSummary summary = ended.summary();
    if (ended.ending() == MeasurementOutcome.Ending.STOPPED_IN_WARM_UP) {
      out.println(
          ended.warmUpStarted()
              ? "Stopped during the warm-up: nothing was measured."
              : "Stopped before the warm-up: nothing was measured.");
      return ExitCodes.INTERRUPTED;
    }
    if (summary == null) { // declined: the recorder said why
      return ExitCodes.RESULTS_INCOMPLETE;
    }
    RunResult result = summary.result();
    if (result.window().stopReason() == StopReason.INTERRUPTED) {
      return ExitCodes.INTERRUPTED;
    }
    int each = ExitCodes.OK;
    boolean tooManyErrors = run.maxErrors() > 0 && result.outcomes().errors() >= run.maxErrors();
    if (tooManyErrors) {
      err.println("txbench: the run reached --max-errors (" + run.maxErrors() + ")");
    }
    Verification v = summary.verification();
    if (tooManyErrors || v.status() == Verification.Status.FAILED) {
      each = ExitCodes.RUN_FAILED;
    }
    if (v.status() == Verification.Status.NOT_RUN && plan.steps().verify()) {
      each = ExitCodes.TARGET;
    }
    if (!summary.writeFailures().isEmpty()) {
      each = ExitCodes.RESULTS_INCOMPLETE;
    }
    if (summary.thresholds().stream().anyMatch(t -> !t.passed())) {
      each = ExitCodes.THRESHOLD;
    }
    return each;
  }
}
