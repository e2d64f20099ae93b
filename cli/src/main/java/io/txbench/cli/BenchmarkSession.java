package io.txbench.cli;

import io.txbench.api.MeasuredRun;
import io.txbench.cli.options.ExitCodes;
import io.txbench.core.engine.ForDuration;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.engine.OpenLoop;
import io.txbench.core.engine.RunLength;
import io.txbench.core.engine.RunListener;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.run.Benchmark;
import io.txbench.core.run.MeasurementOutcome;
import io.txbench.core.run.MeasurementPlan;
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
import io.txbench.core.spi.TransactionMode;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.report.RunRecorder;
import io.txbench.report.console.ConsoleProgress;
import io.txbench.report.files.DropwizardReporters;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SystemUnderTest;
import io.txbench.report.live.RunWatch;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One benchmark from connection to summary as the command line shows it: find or start the server,
 * then, for each data level (one unless a list of {@code --table-size} or {@code --scale} makes a
 * sweep over data volume), take a core {@link Benchmark} through its steps (prepare, grow or
 * attach, then one measured run per parallelism level with the same crew, a {@link MeasuredRun} as
 * the Java API's), printing what each one did, and its exit code. The server stays up from one data
 * level to the next: each grows the data the one before left.
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
        SystemUnderTest site =
            SystemUnderTest.of(provider.target(), target, options, embedded, data);
        exitCode = Math.max(exitCode, measure(benchmark, site, data, level, setup, loaded));
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
   * Every parallelism level of the sweep on the {@code dataLevel}-th level (0-based) of {@code
   * data}, each measured on {@code site} by the benchmark's one crew; a stop, or a server lost,
   * ends the session's sweep. {@code setup} is what the setup before them did (null when they use
   * data loaded before, whose data options {@code loaded} gives: empty after a setup).
   */
  private int measure(
      Benchmark benchmark,
      SystemUnderTest site,
      WorkloadOptions data,
      int dataLevel,
      @Nullable Setup setup,
      OptionValues loaded)
      throws Exception {
    MeasuredRun measured = new MeasuredRun(benchmark, watch);
    int exitCode = ExitCodes.OK;
    Map<String, Object> shown =
        plan.shownOptions(site.target(), site.workload(), dataLevel, loaded);
    RunRecorder.Display display =
        new RunRecorder.Display(
            out,
            err,
            plan.shown().credentials()::mask,
            this::warmUpLine,
            r -> announcement(r, site, data.transactions()),
            this::reporters);
    for (int level = 0; level < plan.runs().parallelism().size(); level++) {
      RunOptions options = settings.run().withParallelism(plan.runs().parallelism().get(level));
      Path directory = directories.of(settings, dataLevel, level);
      MeasurementPlan measurement =
          new MeasurementPlan(
              options,
              plan.runs().warmup(),
              plan.runs().warmupLongest(),
              plan.steps().verify(),
              plan.steps().commitCheck(),
              plan.runs().start());
      RunRecorder.Subject subject =
          new RunRecorder.Subject(
              site,
              options.parallelism(),
              plan.runs().warmup(),
              shown,
              plan.roles(shown),
              directory,
              setup,
              plan.results().thresholds(),
              settings.cost());
      int code;
      try {
        code = exitCode(options, measured.measure(measurement, subject, display));
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
    int code = ExitCodes.OK;
    boolean tooManyErrors = run.maxErrors() > 0 && result.outcomes().errors() >= run.maxErrors();
    if (tooManyErrors) {
      err.println("txbench: the run reached --max-errors (" + run.maxErrors() + ")");
    }
    Verification v = summary.verification();
    if (tooManyErrors || v.status() == Verification.Status.FAILED) {
      code = ExitCodes.RUN_FAILED;
    }
    if (v.status() == Verification.Status.NOT_RUN && plan.steps().verify()) {
      code = ExitCodes.TARGET;
    }
    if (!summary.writeFailures().isEmpty()) {
      code = ExitCodes.RESULTS_INCOMPLETE;
    }
    if (summary.thresholds().stream().anyMatch(t -> !t.passed())) {
      code = ExitCodes.THRESHOLD;
    }
    return code;
  }

  /** Says how long the warm-up of {@code length} (its least, when it settles) lasts. */
  private String warmUpLine(Duration length) {
    Duration longest = plan.runs().warmupLongest();
    if (plan.runs().start() != null || longest.compareTo(length) <= 0) {
      return "Warming up for " + human(length) + " (not measured).";
    }
    return "Warming up for at least "
        + human(length)
        + ", on until the throughput settles, at most "
        + human(longest)
        + " (not measured).";
  }

  /**
   * Says what runs on {@code site}, once every worker's session is open and the clock starts, and
   * whether without {@code transactions}.
   */
  private RunListener announcement(
      RunOptions run, SystemUnderTest site, TransactionMode transactions) {
    String line =
        "Running "
            + site.workload()
            + (transactions == TransactionMode.DISABLED ? " (no transactions)" : "")
            + " on "
            + site.target()
            + " with "
            + run.parallelism()
            + " thread(s)"
            + (run.pacing() instanceof OpenLoop open
                ? String.format(Locale.US, " at %.0f per second", open.rate())
                : "")
            + ", "
            + describe(run.length())
            + ", figures about every "
            + human(run.metricsPeriod())
            + ".";
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

  /** The Dropwizard reporters {@code --metrics-reporter} asks for, after the file writers. */
  private List<RunListener> reporters(Metrics metrics) {
    List<RunListener> reporters = new ArrayList<>();
    if (plan.results().reporters().contains(ReporterKind.CONSOLE)) {
      reporters.add(DropwizardReporters.console(metrics, out));
    }
    if (plan.results().reporters().contains(ReporterKind.LOG)) {
      reporters.add(DropwizardReporters.log(metrics));
    }
    return reporters;
  }

  private static String human(Duration d) {
    return d.toString().substring(2).toLowerCase(Locale.ROOT);
  }
}
