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
        options = new TargetOptions(embedded.host(), embedded.port(), embedded.database(),
            embedded.user(), options.password(), null, options.minConnections(),
            options.maxConnections(), options.connectionWaitTimeout(),
            options.connectionIdleTimeout(), options.isolationLevel());
      } else if (options.host() == null) {
        options = new TargetOptions("localhost", options.port(), options.database(),
            options.user(), options.password(), options.url(), options.minConnections(),
            options.maxConnections(), options.connectionWaitTimeout(),
            options.connectionIdleTimeout(), options.isolationLevel());
      }
      try (Target target = provider.open(options, settings.workload())) {
        out.println("Connected to " + target.serverVersion() + " at " + options.describe() + ".");
        Workload workload = provider.workload(target, settings.workload());
        if (settings.skipSetup()) {
          workload.attach();
        } else {
          workload.prepare(new ConsoleProgress(out));
        }
        if (settings.onlySetup()) {
          out.println("Setup of " + settings.workload().name() + " done.");
          return ExitCodes.OK;
        }
        return measure(provider, target, workload, guard);
      }
    } finally {
      if (embedded != null) {
        embedded.close();
      }
    }
  }

  private int measure(WorkloadProvider provider, Target target, Workload workload,
      ShutdownGuard guard) throws Exception {
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
    out.println("Running " + settings.workload().name() + " on " + provider.target() + " with "
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
        target.serverVersion(), settings.workload().name(), settings.run().parallelism(),
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
