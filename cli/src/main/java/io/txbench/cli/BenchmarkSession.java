package io.txbench.cli;

import io.txbench.core.Benchmark;
import io.txbench.core.Dropped;
import io.txbench.core.EmbeddedServer;
import io.txbench.core.Providers;
import io.txbench.core.RunOptions;
import io.txbench.core.StoppedException;
import io.txbench.core.Target;
import io.txbench.core.TargetOptions;
import io.txbench.core.TargetUnavailableException;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.WorkloadProvider;
import io.txbench.report.ConsoleProgress;
import io.txbench.report.RunSite;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One benchmark from connection to summary as the command line shows it: find or start the server,
 * then take the core {@link Benchmark} through its steps (prepare or attach, then one measured run
 * per parallelism level with the same crew), printing what each one did.
 */
final class BenchmarkSession {
  private final CommandPlan plan;
  private final TargetSettings settings;
  private final Providers providers;
  private final PrintStream out;
  private final PrintStream err;
  private final OutputDirectories directories;
  private final List<Path> results = new ArrayList<>();

  /** Says what {@code --drop} or {@code --drop-first} dropped, and what it left alone. */
  private void tellDropped(Dropped d) {
    out.println(
        d.dropped().isEmpty()
            ? "Nothing of txbench's to drop."
            : "Dropped what txbench created: " + String.join(", ", d.dropped()) + ".");
    if (!d.leftAlone().isEmpty()) {
      out.println(
          "Left alone: "
              + String.join(", ", d.leftAlone())
              + " (listed in txbench's"
              + " record, but not txbench's tables).");
    }
  }

  /** The command's: a signal stops what this session is doing, and waits for the command. */
  private final ShutdownGuard guard;

  /** What a session did: its exit code and the result directories it wrote. */
  record Outcome(int exitCode, List<Path> results) {}

  BenchmarkSession(
      CommandPlan plan,
      TargetSettings settings,
      Providers providers,
      PrintStream out,
      PrintStream err,
      OutputDirectories directories,
      ShutdownGuard guard) {
    this.guard = guard;
    this.plan = plan;
    this.settings = settings;
    this.providers = providers;
    this.out = out;
    this.err = err;
    this.directories = directories;
  }

  Outcome run() throws Exception {
    int exitCode = runTarget();
    return new Outcome(exitCode, List.copyOf(results));
  }

  private int runTarget() throws Exception {
    WorkloadProvider provider = providers.forTarget(settings.targetName()).orElseThrow();
    TargetLocator locator = new TargetLocator(provider, plan.embedded(), out);
    try {
      TargetOptions options = locator.locate(settings.target());
      guard.closeOnTimeout(locator.embedded());
      return run(provider, options, locator.embedded());
    } finally {
      // Before the guard lets a signalled JVM exit: no embedded server outlives the tool.
      if (locator.embedded() != null) {
        locator.embedded().close();
      }
      guard.closeOnTimeout(null);
    }
  }

  private int run(WorkloadProvider provider, TargetOptions options, EmbeddedServer embedded)
      throws Exception {
    WorkloadOptions workloadOptions = settings.workload().on(embedded);
    if (!workloadOptions.equals(settings.workload())) {
      err.println(
          "WARNING: "
              + workloadOptions.name()
              + " runs WITHOUT transactions on this"
              + " emulator (as with --disable-transaction): verify may show anomalies that a real"
              + " server's transactions would prevent.");
    }
    try (Benchmark benchmark =
        Benchmark.open(provider, options, workloadOptions, plan.largestParallelism())) {
      // A signal stops the step under way (a load, a warm-up, a run) and whatever would follow.
      guard.watch(benchmark::requestStop);
      Target target = benchmark.target();
      String version =
          embedded == null ? target.serverVersion() : embedded.label(target.serverVersion());
      out.println(
          "Connected to "
              + version
              + " at "
              + options.describe()
              + " through "
              + target.driver()
              + ".");
      if (plan.drop()) {
        tellDropped(benchmark.drop());
        return ExitCodes.OK;
      }
      if (plan.dropFirst()) {
        tellDropped(benchmark.dropBeforePrepare());
      }
      try {
        if (plan.skipSetup()) {
          benchmark.attach();
        } else {
          benchmark.prepare(new ConsoleProgress(out, ConsoleProgress.onTerminal()));
        }
      } catch (StoppedException e) {
        out.println();
        out.println(
            "Stopped while loading the data: the tables are marked incomplete, and"
                + " --skip-setup refuses them; run without it to load them again.");
        return ExitCodes.INTERRUPTED;
      }
      if (plan.onlySetup()) {
        out.println("Setup of " + workloadOptions.name() + " done.");
        leftBehind(options, embedded);
        return ExitCodes.OK;
      }
      int code = measure(benchmark, header(provider, target, options, embedded, workloadOptions));
      leftBehind(options, embedded);
      return code;
    }
  }

  /** Data left on a server the user will keep: say where, and how to remove it. */
  private void leftBehind(TargetOptions options, EmbeddedServer embedded) {
    if (embedded == null) {
      out.println(
          DropHint.of(
              settings.targetName(), settings.workload().name(), options, plan.credentials()));
    }
  }

  private static MeasuredRun.RunHeader header(
      WorkloadProvider provider,
      Target target,
      TargetOptions options,
      EmbeddedServer embedded,
      WorkloadOptions workloadOptions) {
    return new MeasuredRun.RunHeader(
        RunSite.of(provider.target(), target, options, embedded, workloadOptions),
        workloadOptions.kind().transactional());
  }

  /** Every level of the sweep, each measured by the benchmark's one crew. */
  private int measure(Benchmark benchmark, MeasuredRun.RunHeader header) throws Exception {
    int exitCode = ExitCodes.OK;
    MeasuredRun measured = new MeasuredRun(plan, header, benchmark, out, err);
    for (int level = 0; level < plan.parallelism().size(); level++) {
      RunOptions run = settings.run().withParallelism(plan.parallelism().get(level));
      Path directory = directories.of(settings, level);
      int code;
      try {
        code = measured.run(run, directory);
      } catch (TargetUnavailableException e) {
        // The levels measured so far keep their results and their verdicts.
        err.println("txbench: " + e.getMessage());
        return Math.max(exitCode, ExitCodes.TARGET);
      }
      results.add(directory);
      exitCode = Math.max(exitCode, code);
      if (code == ExitCodes.INTERRUPTED) {
        break;
      }
    }
    return exitCode;
  }
}
