package io.txbench.api.run;

import io.txbench.core.engine.RunOptions;
import io.txbench.core.run.Benchmark;
import io.txbench.core.run.MeasurementPlan;
import io.txbench.core.run.Setup;
import io.txbench.core.spi.Dropped;
import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.StoppedException;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.report.RunRecorder;
import io.txbench.report.console.ConsoleProgress;
import io.txbench.report.files.SystemUnderTest;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The runs of one target from connection to summary: find or start the server, then, for each data
 * level (one unless a list of {@code --table-size} or {@code --scale} makes a sweep over data
 * volume), take a core {@link Benchmark} through its steps (drop, prepare, grow or attach, then one
 * {@link MeasuredRun} per parallelism level with the same crew), saying what each one did on {@code
 * out}; the {@code verdicts} judge how each ends. The server stays up from one data level to the
 * next: each grows the data the one before left.
 */
final class TargetSession {
  private final Sweep sweep;
  private final TargetSettings settings;
  private final PrintStream out;
  private final List<Path> results = new ArrayList<>();

  /** Whether a stop ended the sweep, or a lost server the target's levels. */
  private boolean ended;

  private boolean stopped;

  /** What a session did: whether a stop ended it, and the result directories it wrote. */
  record Outcome(boolean stopped, List<Path> results) {}

  TargetSession(Sweep sweep, TargetSettings settings) {
    this.sweep = sweep;
    this.settings = settings;
    this.out = sweep.out();
  }

  Outcome run() throws Exception {
    TargetBinding provider = sweep.providers().forTarget(settings.targetName()).orElseThrow();
    TargetLocator locator =
        new TargetLocator(
            provider, plan().runs().embedded(), settings.workload().kind().loadsData(), out);
    try {
      TargetOptions options = locator.locate(settings.target());
      sweep.signals().closeOnTimeout(locator.embedded());
      run(provider, options, locator.embedded());
      return new Outcome(stopped, List.copyOf(results));
    } finally {
      // Before a signalled JVM may exit: no embedded server outlives the run.
      if (locator.embedded() != null) {
        locator.embedded().close();
      }
      sweep.signals().closeOnTimeout(null);
    }
  }

  private RunPlan plan() {
    return sweep.plan();
  }

  private void run(TargetBinding provider, TargetOptions options, @Nullable EmbeddedServer embedded)
      throws Exception {
    WorkloadOptions workloadOptions = settings.workload().on(embedded);
    if (!workloadOptions.equals(settings.workload())) {
      sweep
          .err()
          .println(
              "WARNING: "
                  + workloadOptions.name()
                  + " runs WITHOUT transactions on this emulator (as with --disable-transaction):"
                  + " verify may show anomalies that a real server's transactions would prevent.");
    }
    @Nullable Setup setup = null;
    // One server for every level: each grows the data the level before left there.
    for (int level = 0; level < plan().runs().data().size() && !ended; level++) {
      WorkloadOptions data = plan().runs().data().at(workloadOptions, level);
      try (Benchmark benchmark =
          Benchmark.open(provider, options, data, plan().largestParallelism())) {
        // A signal stops the step under way (a load, a warm-up, a run) and whatever would follow.
        sweep.signals().watch(benchmark::requestStop);
        Target target = benchmark.target();
        if (level == 0) {
          connected(target, options, embedded);
          if (drop(benchmark, data)) {
            return;
          }
        }
        // The data options a run on data loaded before records: those of the data it finds.
        OptionValues loaded = OptionValues.defaults();
        try {
          if (plan().steps().skipSetup()) {
            loaded = benchmark.attach();
          } else {
            setup = setUp(benchmark, level, setup);
          }
        } catch (StoppedException e) {
          stopped = true;
          sweep.verdicts().stoppedInSetup(e);
          return;
        }
        if (plan().steps().onlySetup()) {
          out.println("Setup of " + workloadOptions.name() + " done.");
          leftBehind(options, embedded);
          return;
        }
        SystemUnderTest site =
            SystemUnderTest.of(provider.target(), target, options, embedded, data);
        measure(benchmark, site, data, level, setup, loaded);
      }
    }
    leftBehind(options, embedded);
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
   * Drops what {@code --drop} or {@code --drop-first} asks to, where txbench created something;
   * true when the run ends there ({@code --drop}).
   */
  private boolean drop(Benchmark benchmark, WorkloadOptions data) throws Exception {
    boolean ownsNothing = !data.kind().loadsData();
    RunPlan.Steps steps = plan().steps();
    if ((steps.drop() || steps.dropFirst()) && ownsNothing) {
      // A script's tables, an HTTP server's data: the user's, which txbench never drops.
      out.println(
          "Nothing to drop: --workload "
              + data.name()
              + " creates nothing of txbench's; its tables are yours.");
    }
    if (steps.drop()) {
      if (!ownsNothing) {
        tellDropped(benchmark.drop());
      }
      return true;
    }
    if (steps.dropFirst() && !ownsNothing) {
      tellDropped(benchmark.dropBeforePrepare());
    }
    return false;
  }

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
              + " (listed in txbench's record, but not txbench's tables).");
    }
  }

  /**
   * Prepares the data: the first level loaded afresh, each later one grown from the data of the
   * level before ({@code previous}); a sweep over data volume says what each setup did.
   */
  private Setup setUp(Benchmark benchmark, int level, @Nullable Setup previous) throws Exception {
    sweep.watch().settingUp();
    ConsoleProgress progress = new ConsoleProgress(out, sweep.terminal());
    // The first level (none before it) is loaded afresh.
    Setup setup =
        previous == null ? benchmark.prepare(progress) : benchmark.grow(progress, previous);
    if (plan().runs().data().sweeps()) {
      out.println(plan().runs().data().describe(level) + ": " + RunLines.setupLine(setup) + ".");
    }
    return setup;
  }

  /** Data left on a server the user will keep. */
  private void leftBehind(TargetOptions options, @Nullable EmbeddedServer embedded) {
    if (embedded == null && settings.workload().kind().loadsData()) {
      sweep.verdicts().leftBehind(settings, options);
    }
  }

  /**
   * Every parallelism level of the sweep on the {@code dataLevel}-th level (0-based) of {@code
   * data}, each measured on {@code site} by the benchmark's one crew; a stop, or a server lost,
   * ends the session's sweep. {@code setup} is what the setup before them did (null when they use
   * data loaded before, whose data options {@code loaded} gives: empty after a setup).
   */
  private void measure(
      Benchmark benchmark,
      SystemUnderTest site,
      WorkloadOptions data,
      int dataLevel,
      @Nullable Setup setup,
      OptionValues loaded)
      throws Exception {
    MeasuredRun measured = new MeasuredRun(benchmark, sweep.watch());
    Map<String, Object> shown =
        plan().shownOptions(site.target(), site.workload(), dataLevel, loaded);
    RunRecorder.Display display = sweep.lines().display(site, data.transactions());
    for (int level = 0; level < plan().runs().parallelism().size(); level++) {
      RunOptions options = settings.run().withParallelism(plan().runs().parallelism().get(level));
      Path directory = sweep.directories().of(settings, dataLevel, level);
      MeasurementPlan measurement =
          new MeasurementPlan(
              options,
              plan().runs().warmup(),
              plan().runs().warmupLongest(),
              plan().steps().verify(),
              plan().steps().commitCheck(),
              plan().runs().start());
      RunRecorder.Subject subject =
          new RunRecorder.Subject(
              site,
              options.parallelism(),
              plan().runs().warmup(),
              shown,
              plan().roles(shown),
              directory,
              setup,
              plan().results().thresholds(),
              settings.cost());
      MeasuredRun.Ended ended;
      try {
        ended = measured.measure(measurement, subject, display);
      } catch (TargetUnavailableException e) {
        // The levels measured so far keep their results and their verdicts.
        this.ended = true;
        sweep.verdicts().lost(e);
        return;
      }
      if (directory != null) {
        results.add(directory);
      }
      if (!sweep.verdicts().measured(options, ended)) {
        this.ended = true;
        stopped = true;
        return;
      }
    }
  }
}
