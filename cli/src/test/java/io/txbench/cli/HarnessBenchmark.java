package io.txbench.cli;

import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.Crew;
import io.txbench.core.engine.ForDuration;
import io.txbench.core.engine.RunListener;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.engine.Runner;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.Workload;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures the runner itself: a workload that does nothing, timed and counted exactly as a real one
 * is, so the figure is the most iterations per second txbench can drive on this machine. Run by
 * {@code bench/harness.sh} from the test classes: it is a tool of the project's own, not part of
 * the command line, so benchmark.jar leaves it out.
 */
public final class HarnessBenchmark {
  private HarnessBenchmark() {}

  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    int[] threads = {1, 2, 8, 64};
    int cores = Runtime.getRuntime().availableProcessors();
    System.out.printf(
        Locale.US,
        "no-op harness: %d core(s), %d s per run, Java %s%n",
        cores,
        seconds,
        System.getProperty("java.version"));
    // A first short run warms the JIT up.
    measure(2, 2);
    for (int t : threads) {
      RunResult r = measure(t, seconds);
      System.out.printf(
          Locale.US,
          "threads %3d: %,12.0f iterations/s  (%,.0f per core)  p99 %.3f us  max %.1f us%n",
          t,
          r.tps(),
          r.tps() / Math.min(cores, t),
          r.latencies().percentileMillis(99) * 1000,
          r.latencies().maxMillis() * 1000);
    }
  }

  private static RunResult measure(int threads, int seconds) throws Exception {
    RunOptions options =
        new RunOptions(
            threads,
            new ForDuration(Duration.ofSeconds(seconds)),
            Duration.ofSeconds(1),
            0,
            0,
            1,
            Backoff.defaults(),
            new ClosedLoop());
    try (Crew<AutoCloseable> crew = new Crew<>(new NoOp(), threads)) {
      return new Runner(options, new Metrics(false, List.of(), List.of()), new RunListener() {})
          .run(crew, new NoTarget());
    }
  }

  /** Does nothing, as fast as it can. */
  private static final class NoOp implements Workload<AutoCloseable, Exception> {
    @Override
    public void prepare(Progress progress) {}

    @Override
    public io.txbench.core.spi.OptionValues attach() {
      return io.txbench.core.spi.OptionValues.defaults();
    }

    @Override
    public AutoCloseable openSession(Worker worker) {
      return () -> {};
    }

    @Override
    public void iteration(Worker worker, AutoCloseable session) {}

    @Override
    public Verification verify(Tally tally) {
      return Verification.of(Map.of(), List.of());
    }
  }

  /** No database at all. */
  private static final class NoTarget implements Target {
    @Override
    public String serverVersion() {
      return "none";
    }

    @Override
    public String driver() {
      return "none";
    }

    @Override
    public Failure classify(Throwable error) {
      return Failure.fatal(ErrorClass.OTHER);
    }

    @Override
    public void close() {}
  }
}
