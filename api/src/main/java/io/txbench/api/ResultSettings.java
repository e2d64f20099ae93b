package io.txbench.api;

import static io.txbench.api.Checks.within;

import io.txbench.core.settings.Limits;
import io.txbench.core.spi.values.Durations;
import io.txbench.report.live.ListenAddress;
import io.txbench.report.live.RunWatch;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The settings of a {@link BenchmarkBuilder} that say where its run's results go and who sees it
 * go: the period of its figures, the result directory, the console, the metrics endpoint and the
 * live page. What runs where is the builder's own.
 */
abstract sealed class ResultSettings permits BenchmarkBuilder {
  @Nullable Duration metricsPeriod; // none: the run length's default
  @Nullable Path resultDirectory;
  boolean overwrite;
  @Nullable PrintStream console;
  @Nullable ListenAddress metricsEndpoint;
  Duration metricsLinger = Durations.parse(RunWatch.DEFAULT_LINGER);
  @Nullable ListenAddress live;

  /**
   * The period of the result files' rows and of the progress line; by default a 20th of the
   * duration, rounded down to 500 ms, 1 s, 2 s, 5 s or 10 s, 500 ms at least (1 s for a count of
   * iterations).
   */
  public final BenchmarkBuilder metricsPeriod(Duration time) {
    within("metricsPeriod", Limits.METRICS, time);
    this.metricsPeriod = time;
    return builder();
  }

  /** Write the run's result files there, as the command line does; refused if it holds a run. */
  public final BenchmarkBuilder resultDirectory(Path directory) {
    this.resultDirectory = directory;
    return builder();
  }

  /** Let {@link #resultDirectory} replace a run it holds. */
  public final BenchmarkBuilder overwrite() {
    this.overwrite = true;
    return builder();
  }

  /** Print the progress lines and the summary there, as the command line does. */
  public final BenchmarkBuilder console(PrintStream out) {
    this.console = out;
    return builder();
  }

  /**
   * Serve the run's figures for Prometheus at {@code http://127.0.0.1:PORT/metrics} while it runs,
   * as {@code --metrics-endpoint} (docs/results.md lists them); 0: any free port. A port that
   * cannot be bound is said on the console (System.err without one), and the run goes on.
   */
  public final BenchmarkBuilder metricsEndpoint(int port) {
    return metricsEndpoint(String.valueOf(port));
  }

  /** The same at {@code [HOST:]PORT}: {@code "0.0.0.0:9400"} serves beyond this machine. */
  public final BenchmarkBuilder metricsEndpoint(String hostPort) {
    this.metricsEndpoint = Checks.address("metricsEndpoint", hostPort);
    return builder();
  }

  /**
   * Once the run is over, keep serving {@link #metricsEndpoint}'s final figures until a scrape
   * reads them, and the {@link #live} page's report until the browser that loaded the page loads
   * it, this long at most, as {@code --metrics-linger} (default 30 s; zero: not at all).
   */
  public final BenchmarkBuilder metricsLinger(Duration most) {
    this.metricsLinger = within("metricsLinger", Limits.METRICS_LINGER, most);
    return builder();
  }

  /**
   * Serve the run's report page at {@code http://127.0.0.1:PORT/}, redrawn as each period ends, and
   * the report once the run is over, as {@code --live}; it draws the result files, so it needs
   * {@link #resultDirectory}.
   */
  public final BenchmarkBuilder live(int port) {
    return live(String.valueOf(port));
  }

  /** The same at {@code [HOST:]PORT}. */
  public final BenchmarkBuilder live(String hostPort) {
    this.live = Checks.address("live", hostPort);
    return builder();
  }

  private BenchmarkBuilder builder() {
    return (BenchmarkBuilder) this;
  }
}
