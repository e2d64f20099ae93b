package io.txbench.api;

import io.txbench.api.run.DataLevels;
import io.txbench.api.run.OutputDirectories;
import io.txbench.api.run.RunPlan;
import io.txbench.api.run.Signals;
import io.txbench.api.run.Sweep;
import io.txbench.api.run.TargetSettings;
import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.engine.StartGate;
import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.StoppedException;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.values.Credentials;
import io.txbench.report.compare.CompareTable;
import io.txbench.report.files.ResultFiles;
import io.txbench.report.live.RunWatch;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One benchmark run in this process: the builder's settings read as {@link RunRequest} says, made
 * the plan of a {@link Sweep} of one run, the command line's: the server reached (or the embedded
 * one started), the data loaded or reused, the warm-up, the measured run, verify and the
 * thresholds.
 */
final class InProcessRun {
  private final BenchmarkBuilder request;

  InProcessRun(BenchmarkBuilder request) {
    this.request = request;
  }

  BenchmarkResult run() {
    Bindings providers = new Bindings(InProcessRun.class.getClassLoader());
    TargetBinding provider =
        providers
            .forTarget(request.target)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "target: unknown target '"
                            + request.target
                            + "'; one of: "
                            + providers.targets()));
    RunRequest resolved = RunRequest.resolve(request, provider, providers.all());
    if (request.live != null && request.resultDirectory == null) {
      throw new IllegalArgumentException(
          "live: the page is drawn from the run's result files: give resultDirectory too");
    }
    prepareDirectory();
    PrintStream console = request.console;
    // Said on the console, or, without one, a port that cannot be bound on stderr.
    RunWatch watch =
        RunWatch.start(
            request.metricsEndpoint,
            request.live,
            console != null ? console : new PrintStream(OutputStream.nullOutputStream()),
            console != null ? console : System.err);
    try {
      BenchmarkResult result = run(providers, provider, resolved, watch);
      watch.linger(request.metricsLinger);
      return result;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchmarkException("interrupted while the metrics endpoint waited for a scrape", e);
    } finally {
      watch.close();
    }
  }

  private BenchmarkResult run(
      Bindings providers, TargetBinding provider, RunRequest resolved, RunWatch watch) {
    PrintStream console =
        request.console != null
            ? request.console
            : new PrintStream(OutputStream.nullOutputStream());
    RunPlan plan = plan(resolved);
    TargetSettings settings =
        new TargetSettings(
            provider.target(),
            resolved.target(),
            resolved.workload(),
            runOptions(),
            request.costPerHour);
    OneRun one = new OneRun();
    try {
      new Sweep(
              plan,
              List.of(settings),
              OutputDirectories.given(plan, request.resultDirectory),
              providers,
              console,
              console,
              false,
              new Signals() {},
              CompareTable.Output.terminalWidth(null),
              watch,
              one)
          .run();
    } catch (StoppedException e) {
      throw new BenchmarkException("the run was stopped: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) { // a server out of reach or not prepared (checked), or lost
      throw new BenchmarkException(e.getMessage(), e);
    }
    return one.result(request.resultDirectory);
  }

  /** What the builder asks of the run, read against the target as {@code resolved}. */
  private RunPlan plan(RunRequest resolved) {
    Duration warmup = request.warmup().orElse(request.length().defaultWarmup());
    Credentials credentials = new Credentials();
    credentials.add(request.password.reveal());
    return new RunPlan(
        new RunPlan.Runs(
            List.of(request.parallelism),
            DataLevels.none(),
            false,
            warmup,
            request.warmup().orElse(request.length().longestDefaultWarmup()),
            request.embedded ? "asked for by the Java API" : null,
            request.startAt == null
                ? null
                : StartGate.forConnections(
                    request.startAt, resolved.target().connectionIdleTimeout())),
        new RunPlan.Steps(
            request.reuseData, false, false, false, request.verify, request.commitCheck),
        new RunPlan.Results(request.resultDirectory, Set.of(), resolved.thresholds()),
        new RunPlan.Shown(resolved.shown(), Map.of(), resolved.roles(), credentials));
  }

  /** The builder's run options. */
  private RunOptions runOptions() {
    return new RunOptions(
        request.parallelism,
        request.length(),
        request.length().metricsPeriod(request.metricsPeriod),
        request.maxRetries,
        request.maxErrors,
        request.seed,
        Backoff.defaults(),
        request.pacing != null ? request.pacing : new ClosedLoop());
  }

  /** Refuses a result directory that holds a run (unless asked to overwrite), before connecting. */
  private void prepareDirectory() {
    if (request.resultDirectory == null) {
      return;
    }
    try {
      Files.createDirectories(request.resultDirectory);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "resultDirectory: cannot create "
              + request.resultDirectory
              + ": "
              + ResultFiles.reason(e),
          e);
    }
    try {
      ResultFiles.makeRoom(request.resultDirectory, request.overwrite);
    } catch (IOException e) {
      throw new IllegalArgumentException("resultDirectory: " + ResultFiles.reason(e), e);
    }
  }
}
