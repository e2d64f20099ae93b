package io.txbench.cli;

import io.txbench.cli.options.ExitCodes;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.run.Benchmark;
import io.txbench.core.run.Setup;
import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.Dropped;
import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.StoppedException;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.report.console.ConsoleProgress;
import io.txbench.report.files.SystemUnderTest;
import io.txbench.report.live.RunWatch;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One benchmark from connection to summary as the command line shows it: find or start the server,
 * then, for each data level (one unless a list of {@code --table-size} or {@code --scale} makes a
 * sweep over data volume), take a core {@link Benchmark} through its steps (prepare, grow or
 * attach, then one measured run per parallelism level with the same crew), printing what each one
 * did. The server stays up from one data level to the next: each grows the data the one before
 * left.
 */
final class BenchmarkSession {
  private final CommandPlan plan;
  private final TargetSettings settings;
  private final Bindings providers;
  private final PrintStream out;
  private final PrintStream err;
  private final OutputDirectories directories;
  private final List<Path> results = new ArrayList<>();

  /** Whether a stop or a lost server ended the sweep before its last level. */
  private boolean ended;

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

  /** What serves the runs while they go: their phase, counts and page. */
  private final RunWatch watch;

  /** What a session did: its exit code and the result directories it wrote. */
  record Outcome(int exitCode, List<Path> results) {}

  BenchmarkSession(
      CommandPlan plan,
      TargetSettings settings,
      Bindings providers,
      PrintStream out,
      PrintStream err,
      OutputDirectories directories,
      ShutdownGuard guard,
      RunWatch watch) {
    this.guard = guard;
    this.watch = watch;
    this.plan = plan;
    this.settings = settings;
    this.providers = providers;
    this.out = out;
    this.err = err;
    this.directories = directories;
  }

  Outcome run() throws Exception {
    TargetBinding provider = providers.forTarget(settings.targetName()).orElseThrow();
    TargetLocator locator =
        new TargetLocator(
            provider, plan.runs().embedded(), settings.workload().kind().loadsData(), out);
    try {
      TargetOptions options = locator.locate(settings.target());
      guard.closeOnTimeout(locator.embedded());
      return new Outcome(run(provider, options, locator.embedded()), List.copyOf(results));
    } finally {
      // Before the guard lets a signalled JVM exit: no embedded server outlives the tool.
      if (locator.embedded() != null) {
        locator.embedded().close();
      }
      guard.closeOnTimeout(null);
    }
  }

  /**
   * Drops what {@code --drop} or {@code --drop-first} asks to, where txbench created something;
   * true when the run ends there ({@code --drop}).
   */
  private boolean drop(Benchmark benchmark, WorkloadOptions data) throws Exception {
    boolean ownsNothing = !data.kind().loadsData();
    if ((plan.steps().drop() || plan.steps().dropFirst()) && ownsNothing) {
      // A script's tables, an HTTP server's data: the user's, which txbench never drops.
      out.println(
          "Nothing to drop: --workload "
              + data.name()
              + " creates nothing of txbench's; its tables are yours.");
    }
    if (plan.steps().drop()) {
      if (!ownsNothing) {
        tellDropped(benchmark.drop());
      }
      return true;
    }
    if (plan.steps().dropFirst() && !ownsNothing) {
      tellDropped(benchmark.dropBeforePrepare());
    }
    return false;
  }

  private int run(TargetBinding provider, TargetOptions options, @Nullable EmbeddedServer embedded)
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
    int exitCode = ExitCodes.OK;
    @Nullable Setup setup = null;
    // One server for every level: each grows the data the level before left there.
    for (int level = 0; level < plan.runs().data().size() && !ended; level++) {
      WorkloadOptions data = plan.runs().data().at(workloadOptions, level);
      try (Benchmark benchmark =
          Benchmark.open(provider, options, data, plan.largestParallelism())) {
        // A signal stops the step under way (a load, a warm-up, a run) and whatever would follow.
        guard.watch(benchmark::requestStop);
        Target target = benchmark.target();
        if (level == 0) {
          connected(target, options, embedded);
          if (drop(benchmark, data)) {
            return ExitCodes.OK;
          }
        }
        // The data options a run on data loaded before records: those of the data it finds.
        OptionValues loaded = OptionValues.defaults();
        try {
          if (plan.steps().skipSetup()) {
            loaded = benchmark.attach();
          } else {
            setup = setUp(benchmark, level, setup);
          }
        } catch (StoppedException e) {
          out.println();
          out.println(
              "Stopped while loading the data: the tables are marked incomplete, and"
                  + " --skip-setup refuses them; run without it to load them again.");
          return Math.max(exitCode, ExitCodes.INTERRUPTED);
        }
        if (plan.steps().onlySetup()) {
          out.println("Setup of " + workloadOptions.name() + " done.");
          leftBehind(options, embedded);
          return ExitCodes.OK;
        }
        MeasuredRun.RunHeader header =
            new MeasuredRun.RunHeader(
                SystemUnderTest.of(provider.target(), target, options, embedded, data),
                data.transactions(),
                level,
                setup,
                loaded);
        exitCode = Math.max(exitCode, measure(benchmark, header));
      }
    }
    leftBehind(options, embedded);
    return exitCode;
  }

  private void connected(Target target, TargetOptions options, @Nullable EmbeddedServer embedded) {
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
  }

  /**
   * Prepares the data: the first level loaded afresh, each later one grown from the data of the
   * level before ({@code previous}); a sweep over data volume says what each setup did.
   */
  private Setup setUp(Benchmark benchmark, int level, @Nullable Setup previous) throws Exception {
    watch.settingUp();
    ConsoleProgress progress = new ConsoleProgress(out, ConsoleProgress.onTerminal());
    // The first level (none before it) is loaded afresh.
    Setup setup =
        previous == null ? benchmark.prepare(progress) : benchmark.grow(progress, previous);
    if (plan.runs().data().sweeps()) {
      out.println(plan.runs().data().describe(level) + ": " + SetupLine.of(setup) + ".");
    }
    return setup;
  }

  /** Data left on a server the user will keep: say where, and how to remove it. */
  private void leftBehind(TargetOptions options, @Nullable EmbeddedServer embedded) {
    if (embedded == null && settings.workload().kind().loadsData()) {
      out.println(DropHint.of(settings.targetName(), settings.workload().name(), options));
    }
  }

  /**
   * Every parallelism level of the sweep on one data level, each measured by the benchmark's one
   * crew; a stop, or a server lost, ends the session's sweep.
   */
  private int measure(Benchmark benchmark, MeasuredRun.RunHeader header) throws Exception {
    int exitCode = ExitCodes.OK;
    MeasuredRun measured =
        new MeasuredRun(plan, header, benchmark, settings.cost(), out, err, watch);
    for (int level = 0; level < plan.runs().parallelism().size(); level++) {
      RunOptions run = settings.run().withParallelism(plan.runs().parallelism().get(level));
      Path directory = directories.of(settings, header.dataLevel(), level);
      int code;
      try {
        code = measured.run(run, directory);
      } catch (TargetUnavailableException e) {
        // The levels measured so far keep their results and their verdicts.
        err.println("txbench: " + plan.shown().credentials().mask(e.getMessage()));
        ended = true;
        return Math.max(exitCode, ExitCodes.TARGET);
      }
      results.add(directory);
      exitCode = Math.max(exitCode, code);
      if (code == ExitCodes.INTERRUPTED) {
        ended = true;
        break;
      }
    }
    return exitCode;
  }
}
