package io.txbench.api;

import io.txbench.core.CompositeListener;
import io.txbench.core.EmbeddedServer;
import io.txbench.core.Metrics;
import io.txbench.core.RunListener;
import io.txbench.core.RunOptions;
import io.txbench.core.RunOutcome;
import io.txbench.core.RunResult;
import io.txbench.core.StepListener;
import io.txbench.core.Target;
import io.txbench.core.TargetOptions;
import io.txbench.core.Threshold;
import io.txbench.core.ThresholdVerdict;
import io.txbench.core.Verification;
import io.txbench.core.WorkloadOptions;
import io.txbench.report.ConsoleSummary;
import io.txbench.report.ProgressLine;
import io.txbench.report.ResultFiles;
import io.txbench.report.RunFileWriters;
import io.txbench.report.RunSite;
import io.txbench.report.RunSummary;
import io.txbench.report.SummaryJson;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a run in this process shows and keeps: the progress lines and the summary on the console
 * when one was given, the result files and summary.json in the result directory when one was named
 * (written before verify and replaced, whole, after it), and the typed result.
 */
final class RunRecording implements StepListener {
  private final BenchmarkBuilder request;
  private final RunRequest resolved;
  private final RunSite site;
  private CompositeListener files;
  private RunSummary summary;
  private final List<String> failures = new ArrayList<>();

  RunRecording(
      BenchmarkBuilder request,
      RunRequest resolved,
      Target target,
      String targetName,
      TargetOptions options,
      EmbeddedServer embedded,
      WorkloadOptions workload) {
    this.request = request;
    this.resolved = resolved;
    this.site = RunSite.of(targetName, target, options, embedded, workload);
  }

  @Override
  public RunListener warmingUp(Duration length) {
    return request.console != null
        ? ProgressLine.of(request.console, "warm-up")
        : new RunListener() {};
  }

  @Override
  public Optional<RunListener> measuring(RunOptions run, Metrics metrics) {
    List<RunListener> listeners = new ArrayList<>();
    if (request.console != null) {
      listeners.add(new ProgressLine(request.console));
    }
    if (request.resultDirectory != null) {
      try {
        listeners.addAll(RunFileWriters.of(metrics, request.resultDirectory, run));
      } catch (IOException e) {
        failures.add(
            "cannot write results to " + request.resultDirectory + ": " + ResultFiles.reason(e));
        return Optional.empty();
      }
    }
    files = new CompositeListener(listeners);
    return Optional.of(files);
  }

  @Override
  public void measured(RunResult result) {
    summary =
        RunSummary.measured(
            site,
            request.parallelism,
            request.warmup().orElse(request.length().defaultWarmup()),
            resolved.shown(),
            result,
            request.resultDirectory == null ? null : request.resultDirectory.toString(),
            files == null ? List.of() : files.failures());
    if (request.console != null) {
      ConsoleSummary.print(request.console, summary);
    }
    write();
  }

  /** The run's result once verify is done: the thresholds checked, the files complete. */
  BenchmarkResult result(RunOutcome outcome) {
    Verification verdict = outcome.verification();
    List<ThresholdVerdict> verdicts = new ArrayList<>();
    for (Threshold threshold : resolved.thresholds()) {
      verdicts.add(threshold.check(outcome.result(), verdict));
    }
    summary = summary.withVerdicts(verdict, verdicts);
    if (request.console != null) {
      ConsoleSummary.printVerification(request.console, verdict);
      ConsoleSummary.printThresholds(request.console, verdicts);
    }
    write();
    return new BenchmarkResult(summary, Optional.ofNullable(request.resultDirectory));
  }

  /** Why the run could not be set up, when {@link #measuring} declined it. */
  String whyDeclined() {
    return failures.isEmpty() ? "the run could not be set up" : String.join("; ", failures);
  }

  /** summary.json, when a directory was named; a failure is kept in the summary's record. */
  private void write() {
    Path directory = request.resultDirectory;
    if (directory == null) {
      return;
    }
    try {
      SummaryJson.write(directory, summary, request.password::maskIn);
    } catch (IOException e) {
      if (!summary.writeFailures().contains(e.getMessage())) {
        summary = summary.withWriteFailure(e.getMessage()); // once, not again after verify
      }
    }
  }
}
