package io.txbench.cli;

import io.txbench.core.CompositeListener;
import io.txbench.core.Metrics;
import io.txbench.core.Providers;
import io.txbench.core.RunListener;
import io.txbench.core.RunResult;
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
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** One benchmark from connection to summary: find or start the server, prepare, run, verify. */
final class BenchmarkSession {
  private static final DateTimeFormatter DIRECTORY_TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT);

  private final Settings settings;
  private final Providers providers;
  private final PrintStream out;
  private final PrintStream err;

  BenchmarkSession(Settings settings, Providers providers, PrintStream out, PrintStream err) {
    this.settings = settings;
    this.providers = providers;
    this.out = out;
    this.err = err;
  }

  int run() throws Exception {
    WorkloadProvider provider = providers.forTarget(settings.targetName()).orElseThrow();
    EmbeddedServer embedded = null;
    try (ShutdownGuard guard = new ShutdownGuard()) {
      TargetOptions options = settings.target();
      boolean named = options.host() != null || (options.url() != null && !options.url().isBlank());
      if (settings.embedded() || (!named && !LocalPorts.answers("localhost", options.port()))) {
        String why = settings.embedded() ? "--embedded"
            : "Nothing answered on localhost:" + options.port();
        embedded = EmbeddedServers.start(settings.targetName());
        guard.closeOnTimeout(embedded);
        out.println(why + ": started " + embedded.description() + ".");
        options = options.at(embedded.host(), embedded.port(), embedded.database(),
            embedded.user());
      } else if (!named) {
        options = options.at("localhost", options.port(), options.database(), options.user());
      }
      WorkloadOptions workloadOptions = settings.workload();
      if (embedded != null && !embedded.supportsTransactions() && workloadOptions.transactional()) {
        err.println("WARNING: " + workloadOptions.name() + " runs WITHOUT transactions on this"
            + " emulator (as with --disable-transaction): verify may show anomalies that a real"
            + " server's transactions would prevent.");
        workloadOptions = workloadOptions.withoutTransactions();
      }
      try (Target target = provider.open(options, workloadOptions)) {
        out.println("Connected to " + target.serverVersion() + " at " + options.describe() + ".");
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
        return measure(provider, target, version, workload, guard, workloadOptions);
      }
    } finally {
      if (embedded != null) {
        embedded.close();
      }
    }
  }

  private int measure(WorkloadProvider provider, Target target, String serverVersion,
      Workload workload, ShutdownGuard guard, WorkloadOptions workloadOptions) throws Exception {
    Path directory = resultDirectory();
    Metrics metrics = new Metrics();
    List<RunListener> listeners = new ArrayList<>();
    listeners.add(new ProgressLine(out));
    listeners.add(DropwizardReporters.csv(metrics.registry(), directory));
    listeners.add(new IntervalsCsv(directory));
    listeners.add(new HistogramLog(directory));
    if (settings.reporters().contains("console")) {
      listeners.add(DropwizardReporters.console(metrics.registry(), out));
    }
    if (settings.reporters().contains("log")) {
      listeners.add(DropwizardReporters.log(metrics.registry()));
    }
    workload.beforeRun();
    Runner runner = new Runner(settings.run(), metrics, new CompositeListener(listeners));
    guard.watch(runner);
    out.println("Running " + workloadOptions.name()
        + (workloadOptions.transactional() || !workloadOptions.name().equals("airline") ? ""
            : " (no transactions)")
        + " on " + provider.target() + " with "
        + settings.run().parallelism() + " thread(s), "
        + (settings.run().duration() != null
            ? "for " + settings.run().duration().toString().substring(2).toLowerCase(Locale.ROOT)
            : settings.run().iterations() + " iterations")
        + ".");
    RunResult result = runner.run(workload, target);
    Verification verification = null;
    if (settings.verify() && result.stopReason() != StopReason.INTERRUPTED) {
      verification = workload.verify(result.iterations());
    }
    RunSummary summary = new RunSummary(ToolVersion.get(), provider.target(),
        serverVersion, workloadOptions.name(), workloadOptions.transactional(),
        settings.run().parallelism(),
        settings.shownOptions(), result, verification, directory.toString());
    SummaryJson.write(directory, summary);
    ConsoleSummary.print(out, summary);
    boolean tooManyErrors = settings.run().maxErrors() > 0
        && result.errors() >= settings.run().maxErrors();
    if (tooManyErrors) {
      err.println("txbench: the run reached --max-errors (" + settings.run().maxErrors() + ")");
    }
    return tooManyErrors || (verification != null && !verification.passed())
        ? ExitCodes.RUN_FAILED : ExitCodes.OK;
  }

  private Path resultDirectory() throws IOException {
    Path directory = settings.outputDir();
    if (directory == null) {
      String base = ZonedDateTime.now(ZoneOffset.UTC).format(DIRECTORY_TIME) + "-"
          + settings.targetName() + "-" + settings.workload().name();
      directory = Path.of("results", base);
      for (int i = 2; Files.exists(directory); i++) {
        directory = Path.of("results", base + "-" + i);
      }
    }
    return Files.createDirectories(directory);
  }
}
