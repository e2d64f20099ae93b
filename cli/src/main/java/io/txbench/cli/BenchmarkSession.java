package io.txbench.cli;

import io.txbench.core.CompositeListener;
import io.txbench.core.Metrics;
import io.txbench.core.Providers;
import io.txbench.core.RunListener;
import io.txbench.core.RunResult;
import io.txbench.core.RunOptions;
import io.txbench.core.Runner;
import io.txbench.core.StopReason;
import io.txbench.core.Target;
import io.txbench.core.TargetOptions;
import io.txbench.core.ToolVersion;
import io.txbench.core.Verification;
import io.txbench.core.Workload;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.WorkloadProvider;
import io.txbench.report.ConsoleProgress;
import io.txbench.report.ConsoleSummary;
import io.txbench.report.DropwizardReporters;
import io.txbench.report.HistogramLog;
import io.txbench.report.IntervalsCsv;
import io.txbench.report.ProgressLine;
import io.txbench.report.RunSummary;
import io.txbench.report.SummaryJson;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** One benchmark from connection to summary: find or start the server, prepare, run, verify. */
final class BenchmarkSession {
  /** The exit code of a run stopped by a signal, as shells report SIGINT. */
  static final int INTERRUPTED = 130;

  private final Settings settings;
  private final Providers providers;
  private final PrintStream out;
  private final PrintStream err;
  private final Path sweepDirectory;
  private final List<Path> results = new ArrayList<>();

  /** What a session did: its exit code and the result directories it wrote. */
  record Outcome(int exitCode, List<Path> results) {}

  /** {@code sweepDirectory}: where the runs of a sweep go, one directory each; null for one run. */
  BenchmarkSession(Settings settings, Providers providers, PrintStream out, PrintStream err,
      Path sweepDirectory) {
    this.settings = settings;
    this.providers = providers;
    this.out = out;
    this.err = err;
    this.sweepDirectory = sweepDirectory;
  }

  Outcome run() throws Exception {
    int exitCode = runTarget();
    return new Outcome(exitCode, List.copyOf(results));
  }

  private int runTarget() throws Exception {
    WorkloadProvider provider = providers.forTarget(settings.targetName()).orElseThrow();
    TargetLocator locator = new TargetLocator(settings.targetName(), settings.embedded(), out);
    try (ShutdownGuard guard = new ShutdownGuard()) {
      try {
        TargetOptions options = locator.locate(settings.target());
        guard.closeOnTimeout(locator.embedded());
        return run(provider, options, locator.embedded(), guard);
      } finally {
        // Before the guard lets a signalled JVM exit: no embedded server outlives the tool.
        if (locator.embedded() != null) {
          locator.embedded().close();
        }
      }
    }
  }

  private int run(WorkloadProvider provider, TargetOptions options, EmbeddedServer embedded,
      ShutdownGuard guard) throws Exception {
    WorkloadOptions workloadOptions = settings.workload();
    if (embedded != null && !embedded.supportsTransactions() && workloadOptions.transactional()) {
      err.println("WARNING: " + workloadOptions.name() + " runs WITHOUT transactions on this"
          + " emulator (as with --disable-transaction): verify may show anomalies that a real"
          + " server's transactions would prevent.");
      workloadOptions = workloadOptions.withoutTransactions();
    }
    try (Target target = provider.open(options, workloadOptions)) {
      out.println("Connected to " + target.serverVersion() + " at " + options.describe() + ".");
      if (settings.drop()) {
        List<String> dropped = provider.dropOwned(target);
        out.println(dropped.isEmpty() ? "Nothing of txbench's to drop."
            : "Dropped what txbench created: " + String.join(", ", dropped) + ".");
        return ExitCodes.OK;
      }
      Workload workload = provider.workload(target, workloadOptions);
      if (settings.skipSetup()) {
        workload.attach();
      } else {
        workload.prepare(new ConsoleProgress(out));
      }
      if (settings.onlySetup()) {
        out.println("Setup of " + workloadOptions.name() + " done.");
        return ExitCodes.OK;
      }
      String version = embedded == null ? target.serverVersion()
          : embedded.label(target.serverVersion());
      int exitCode = ExitCodes.OK;
      for (int level : settings.parallelism()) {
        RunOptions run = settings.run().withParallelism(level);
        if (!warmUp(run, workload, target, guard)) {
          out.println("Stopped during the warm-up: nothing was measured.");
          return INTERRUPTED;
        }
        int code = measure(provider, target, version, workload, guard, workloadOptions, run);
        exitCode = Math.max(exitCode, code);
        if (code == INTERRUPTED) {
          break;
        }
      }
      return exitCode;
    }
  }

  /** Runs the unmeasured warm-up, if any; false when a stop came meanwhile. */
  private boolean warmUp(RunOptions run, Workload workload, Target target, ShutdownGuard guard)
      throws InterruptedException {
    Duration warmup = settings.warmup();
    if (warmup.isZero()) {
      return true;
    }
    out.println("Warming up for " + human(warmup) + " (not measured).");
    Runner runner = new Runner(run.warmup(warmup), new Metrics(run.openLoop()),
        new RunListener() {});
    guard.watch(runner);
    return runner.run(workload, target).stopReason() != StopReason.INTERRUPTED;
  }

  private int measure(WorkloadProvider provider, Target target, String serverVersion,
      Workload workload, ShutdownGuard guard, WorkloadOptions workloadOptions, RunOptions run)
      throws Exception {
    Path directory = resultDirectory(run.parallelism());
    results.add(directory);
    Metrics metrics = new Metrics(run.openLoop());
    workload.beforeRun();
    Runner runner = new Runner(run, metrics,
        new CompositeListener(listeners(metrics, directory, run)));
    guard.watch(runner);
    out.println("Running " + workloadOptions.name()
        + (workloadOptions.transactional() || !workloadOptions.name().equals("airline") ? ""
            : " (no transactions)")
        + " on " + provider.target() + " with " + run.parallelism() + " thread(s)"
        + (run.openLoop() ? String.format(Locale.US, " at %.0f per second", run.rate()) : "")
        + ", " + (run.duration() != null ? "for " + human(run.duration())
            : run.iterations() + " iterations")
        + ".");
    RunResult result = runner.run(workload, target);
    Verification verification = null;
    if (settings.verify() && result.stopReason() != StopReason.INTERRUPTED) {
      verification = workload.verify(result.iterations());
    }
    RunSummary summary = new RunSummary(ToolVersion.get(), provider.target(), serverVersion,
        workloadOptions.name(), workloadOptions.transactional(), run.parallelism(),
        settings.shownOptions(), result, verification, directory.toString());
    SummaryJson.write(directory, summary);
    ConsoleSummary.print(out, summary);
    if (result.stopReason() == StopReason.INTERRUPTED) {
      return INTERRUPTED;
    }
    boolean tooManyErrors = run.maxErrors() > 0 && result.errors() >= run.maxErrors();
    if (tooManyErrors) {
      err.println("txbench: the run reached --max-errors (" + run.maxErrors() + ")");
    }
    return tooManyErrors || (verification != null && !verification.passed())
        ? ExitCodes.RUN_FAILED : ExitCodes.OK;
  }

  private List<RunListener> listeners(Metrics metrics, Path directory, RunOptions run)
      throws IOException {
    List<RunListener> listeners = new ArrayList<>();
    listeners.add(new ProgressLine(out));
    listeners.add(DropwizardReporters.csv(metrics.registry(), directory));
    listeners.add(new IntervalsCsv(directory));
    listeners.add(new HistogramLog(directory, run.openLoop()));
    if (settings.reporters().contains("console")) {
      listeners.add(DropwizardReporters.console(metrics.registry(), out));
    }
    if (settings.reporters().contains("log")) {
      listeners.add(DropwizardReporters.log(metrics.registry()));
    }
    return listeners;
  }

  private static String human(Duration d) {
    return d.toString().substring(2).toLowerCase(Locale.ROOT);
  }

  private Path resultDirectory(int parallelism) throws IOException {
    String name = settings.targetName() + "-" + settings.workload().name();
    if (sweepDirectory != null) {
      return Files.createDirectories(sweepDirectory.resolve(name + "-p" + parallelism));
    }
    Path directory = settings.outputDir();
    if (directory == null) {
      String base = ZonedDateTime.now(ZoneOffset.UTC).format(Sweep.DIRECTORY_TIME) + "-" + name;
      directory = Path.of("results", base);
      for (int i = 2; Files.exists(directory); i++) {
        directory = Path.of("results", base + "-" + i);
      }
    }
    return Files.createDirectories(directory);
  }
}
