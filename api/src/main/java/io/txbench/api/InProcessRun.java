package io.txbench.api;

import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.engine.StartGate;
import io.txbench.core.run.Benchmark;
import io.txbench.core.run.MeasurementPlan;
import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.StoppedException;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.report.RunRecorder;
import io.txbench.report.console.ConsoleProgress;
import io.txbench.report.files.ResultFiles;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SystemUnderTest;
import io.txbench.report.live.RunWatch;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One benchmark run in this process, as the command line runs one: the server reached (or the
 * embedded one started), the data loaded or reused, the warm-up, the measured run, verify and the
 * thresholds. Its measured run is a {@link MeasuredRun}, as each of the command line's is; what it
 * resolves from the builder is {@link RunRequest}'s.
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
      BenchmarkResult result = run(provider, resolved, watch);
      watch.linger(request.metricsLinger);
      return result;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchmarkException("interrupted while the metrics endpoint waited for a scrape", e);
    } finally {
      watch.close();
    }
  }

  private BenchmarkResult run(TargetBinding provider, RunRequest resolved, RunWatch watch) {
    @Nullable EmbeddedServer embedded = null;
    try {
      TargetOptions target = resolved.target();
      if (request.embedded) {
        EmbeddedServer started = provider.startEmbedded("asked for by the Java API");
        embedded = started;
        target = target.at(started.host(), started.port(), started.database(), started.user());
      }
      return measure(provider, resolved, target, embedded, watch);
    } catch (StoppedException e) {
      throw new BenchmarkException("the run was stopped: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) { // a server out of reach or not prepared (checked), or lost
      throw new BenchmarkException(e.getMessage(), e);
    } finally {
      if (embedded != null) {
        embedded.close();
      }
    }
  }

  private BenchmarkResult measure(
      TargetBinding provider,
      RunRequest resolved,
      TargetOptions target,
      @Nullable EmbeddedServer embedded,
      RunWatch watch)
      throws Exception {
    WorkloadOptions workload = resolved.workload().on(embedded);
    try (Benchmark benchmark = Benchmark.open(provider, target, workload, request.parallelism)) {
      RunRequest recorded = resolved;
      if (request.reuseData) {
        recorded = resolved.onData(benchmark.attach());
      } else {
        benchmark.prepare(
            request.console != null
                ? new ConsoleProgress(request.console, false)
                : Progress.silent());
      }
      Duration warmup = request.warmup().orElse(request.length().defaultWarmup());
      MeasuredRun.Ended ended =
          new MeasuredRun(benchmark, watch)
              .measure(
                  plan(warmup, target),
                  new RunRecorder.Subject(
                      SystemUnderTest.of(
                          provider.target(), benchmark.target(), target, embedded, workload),
                      request.parallelism,
                      warmup,
                      recorded.shown(),
                      recorded.roles(),
                      request.resultDirectory,
                      null, // the setup: the Java API does not record it
                      recorded.thresholds(),
                      request.costPerHour),
                  RunRecorder.Display.of(request.console, request.password::maskIn));
      RunSummary summary = ended.summary();
      if (summary == null) {
        throw new BenchmarkException("nothing was measured: " + ended.why(), null);
      }
      return new BenchmarkResult(summary, Optional.ofNullable(request.resultDirectory));
    }
  }

  /** What the builder asks of the measurement, after a warm-up of {@code warmup}. */
  private MeasurementPlan plan(Duration warmup, TargetOptions target) {
    return new MeasurementPlan(
        new RunOptions(
            request.parallelism,
            request.length(),
            request.length().metricsPeriod(request.metricsPeriod),
            request.maxRetries,
            request.maxErrors,
            request.seed,
            Backoff.defaults(),
            request.pacing != null ? request.pacing : new ClosedLoop()),
        warmup,
        request.warmup().orElse(request.length().longestDefaultWarmup()),
        request.verify,
        request.commitCheck,
        request.startAt == null
            ? null
            : StartGate.forConnections(request.startAt, target.connectionIdleTimeout()));
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
