package io.txbench.api;

import static io.txbench.api.Checks.required;
import static io.txbench.api.Checks.within;

import io.txbench.core.engine.Arrivals;
import io.txbench.core.engine.OpenLoop;
import io.txbench.core.engine.RunLength;
import io.txbench.core.settings.Limits;
import io.txbench.core.settings.StartTimes;
import io.txbench.core.spi.values.Durations;
import io.txbench.core.spi.values.Secret;
import io.txbench.core.thresholds.Threshold;
import io.txbench.report.files.HourlyCost;
import io.txbench.report.live.ListenAddress;
import io.txbench.report.live.RunWatch;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A benchmark to run in this process, set up step by step; {@link #run()} runs it. Every setting
 * has the command line's default and range; a value out of range is refused at once with an {@link
 * IllegalArgumentException} naming the setting, and so is, at {@link #run()}, a workload or option
 * the target does not have. Nothing is printed unless {@link #console} asks for it; nothing is
 * written unless {@link #resultDirectory} names where.
 */
public final class BenchmarkBuilder {
  final String target;
  @Nullable String url;
  @Nullable String host;
  @Nullable Integer port;
  @Nullable String database;
  @Nullable String user;
  Secret password = Secret.none();
  boolean embedded;
  @Nullable String workload;
  final Map<String, String> options = new LinkedHashMap<>();
  int parallelism = Limits.DEFAULT_PARALLELISM;
  @Nullable Duration duration;
  @Nullable Long iterations;
  @Nullable Duration warmup;
  @Nullable OpenLoop pacing;
  @Nullable Instant startAt;
  long seed = Limits.DEFAULT_SEED;
  int maxRetries = Limits.DEFAULT_RETRIES;
  long maxErrors;
  boolean verify = true;
  boolean commitCheck = true;
  boolean reuseData;
  Duration connectionWaitTimeout = Durations.parse(Limits.DEFAULT_CONNECTION_WAIT);
  @Nullable HourlyCost costPerHour; // none: the run is not priced
  final List<String> thresholds = new ArrayList<>();

  // Where the results go and who sees the run go.
  @Nullable Duration metricsPeriod; // none: the run length's default
  @Nullable Path resultDirectory;
  boolean overwrite;
  @Nullable PrintStream console;
  @Nullable ListenAddress metricsEndpoint;
  Duration metricsLinger = Durations.parse(RunWatch.DEFAULT_LINGER);
  @Nullable ListenAddress live;

  BenchmarkBuilder(String target) {
    this.target = required("target", target);
  }

  /** The target's own URL: a JDBC URL, or a MongoDB connection string. */
  public BenchmarkBuilder url(String targetUrl) {
    this.url = required("url", targetUrl);
    return this;
  }

  /** The server's host, when no URL names it. */
  public BenchmarkBuilder host(String name) {
    this.host = required("host", name);
    return this;
  }

  /** The server's port (default: the target's own). */
  public BenchmarkBuilder port(int number) {
    this.port = within("port", Limits.PORT, (long) number).intValue();
    return this;
  }

  /** The database (default: the target's own, as for the command line). */
  public BenchmarkBuilder database(String name) {
    this.database = required("database", name);
    return this;
  }

  /** Who connects (with a URL, the URL's by default). */
  public BenchmarkBuilder user(String name) {
    this.user = required("user", name);
    return this;
  }

  /** The password; it appears in nothing txbench writes. */
  public BenchmarkBuilder password(String secret) {
    this.password = secret == null || secret.isEmpty() ? Secret.none() : Secret.of(secret);
    return this;
  }

  /**
   * Starts the target's embedded server for this run and stops it after (PostgreSQL, or the MongoDB
   * emulator, whose runs go without transactions).
   */
  public BenchmarkBuilder embedded() {
    this.embedded = true;
    return this;
  }

  /** The workload by its command-line name: airline, point-select, insert, update... */
  public BenchmarkBuilder workload(String name) {
    this.workload = required("workload", name);
    return this;
  }

  /**
   * An option the target or the workload declares, by its command-line name with or without the
   * dashes ({@code "table-size", "1000"}; {@code "sql-isolation-level", "SERIALIZABLE"}), its value
   * as the command line reads it.
   */
  public BenchmarkBuilder option(String name, Object value) {
    String bare = required("option", name).replaceFirst("^--", "");
    options.put(bare, String.valueOf(value));
    return this;
  }

  /** Worker threads, 1 to 4,096 (default 8). */
  public BenchmarkBuilder parallelism(int threads) {
    this.parallelism = within("parallelism", Limits.PARALLELISM, (long) threads).intValue();
    return this;
  }

  /** Run this long (default 30 s); it excludes {@link #iterations}. */
  public BenchmarkBuilder duration(Duration time) {
    within("duration", Limits.DURATION, time);
    RunLength.of(time, iterations); // refuses it at once after iterations, as the command line
    this.duration = time;
    return this;
  }

  /** Run this many iterations instead of for a time; it excludes {@link #duration}. */
  public BenchmarkBuilder iterations(long count) {
    within("iterations", Limits.ITERATIONS, count);
    RunLength.of(duration, count); // refuses it at once after a duration, as the command line
    this.iterations = count;
    return this;
  }

  /**
   * The unmeasured warm-up (default: 10 s before a timed run, or a third of its duration when that
   * is shorter, as on the command line; none before iterations).
   */
  public BenchmarkBuilder warmup(Duration time) {
    within("warmup", Limits.WARMUP, time);
    this.warmup = time;
    return this;
  }

  /**
   * Start the load (the warm-up, if any) at {@code time}, once the data is set up and every session
   * is open, as {@code --start-at}: clients on several machines given the same time load the server
   * together, and with the same warm-up their measured windows start together. Refused when more
   * than 5 s past or more than 24 h ahead; a run ready after it starts at once, and says so.
   */
  public BenchmarkBuilder startAt(Instant time) {
    if (time == null) {
      throw new IllegalArgumentException("startAt: must not be null");
    }
    try {
      this.startAt = StartTimes.check(time, Clock.systemUTC());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("startAt: " + e.getMessage(), e);
    }
    return this;
  }

  /** An open loop: start this many iterations per second over all workers, evenly spaced. */
  public BenchmarkBuilder rate(double perSecond) {
    within("rate", Limits.RATE, perSecond);
    this.pacing = new OpenLoop(perSecond, Arrivals.UNIFORM, Optional.empty());
    return this;
  }

  /** The seed of the data and of the workers' choices (default 42). */
  public BenchmarkBuilder seed(long value) {
    this.seed = value;
    return this;
  }

  /** Retries of an iteration that failed with a retryable error, 0 to 1,000 (default 10). */
  public BenchmarkBuilder maxRetries(int count) {
    this.maxRetries = within("maxRetries", Limits.RETRIES, (long) count).intValue();
    return this;
  }

  /** End the run once this many iterations failed (default 0: never). */
  public BenchmarkBuilder maxErrors(long count) {
    within("maxErrors", Limits.MAX_ERRORS, count);
    this.maxErrors = count;
    return this;
  }

  /** Skip verify (default: verify the workload's invariants after the run). */
  public BenchmarkBuilder noVerify() {
    this.verify = false;
    return this;
  }

  /**
   * Skip the commit cross-check, as {@code --no-commit-check} (default: compare the server's
   * committed transactions with txbench's count; on PostgreSQL 15 and later it waits about 10 s
   * before and after the run only where the user may not have txbench's sessions publish their
   * counts at once).
   */
  public BenchmarkBuilder noCommitCheck() {
    this.commitCheck = false;
    return this;
  }

  /** Use the data a previous run loaded, as {@code --skip-setup}; else it is loaded again. */
  public BenchmarkBuilder reuseData() {
    this.reuseData = true;
    return this;
  }

  /** The longest wait to connect or to borrow a connection (default 10 s). */
  public BenchmarkBuilder connectionWaitTimeout(Duration time) {
    within("connectionWaitTimeout", Limits.CONNECTION_WAIT, time);
    this.connectionWaitTimeout = time;
    return this;
  }

  /**
   * What the system under test costs an hour, as {@code --cost-per-hour} (0 to 1,000,000, in any
   * currency): the run's summary then has what its measured window cost, and a million of its
   * iterations ({@link BenchmarkResult#costPerMillionIterations}).
   */
  public BenchmarkBuilder costPerHour(double price) {
    this.costPerHour = new HourlyCost(within("costPerHour", Limits.COST_PER_HOUR, price));
    return this;
  }

  /** A pass/fail threshold as {@code --threshold} takes it: {@code p99<20ms}, {@code tps>=1500}. */
  public BenchmarkBuilder threshold(String expression) {
    Threshold.parse(expression); // refused at once when it does not parse, as by the command line
    thresholds.add(expression);
    return this;
  }

  /**
   * The period of the result files' rows and of the progress line; by default a 20th of the
   * duration, rounded down to 500 ms, 1 s, 2 s, 5 s or 10 s, 500 ms at least (1 s for a count of
   * iterations).
   */
  public BenchmarkBuilder metricsPeriod(Duration time) {
    within("metricsPeriod", Limits.METRICS, time);
    this.metricsPeriod = time;
    return this;
  }

  /** Write the run's result files there, as the command line does; refused if it holds a run. */
  public BenchmarkBuilder resultDirectory(Path directory) {
    this.resultDirectory = directory;
    return this;
  }

  /** Let {@link #resultDirectory} replace a run it holds. */
  public BenchmarkBuilder overwrite() {
    this.overwrite = true;
    return this;
  }

  /** Print the progress lines and the summary there, as the command line does. */
  public BenchmarkBuilder console(PrintStream out) {
    this.console = out;
    return this;
  }

  /**
   * Serve the run's figures for Prometheus at {@code http://127.0.0.1:PORT/metrics} while it runs,
   * as {@code --metrics-endpoint} (docs/results.md lists them); 0: any free port. A port that
   * cannot be bound is said on the console (System.err without one), and the run goes on.
   */
  public BenchmarkBuilder metricsEndpoint(int port) {
    return metricsEndpoint(String.valueOf(port));
  }

  /** The same at {@code [HOST:]PORT}: {@code "0.0.0.0:9400"} serves beyond this machine. */
  public BenchmarkBuilder metricsEndpoint(String hostPort) {
    this.metricsEndpoint = Checks.address("metricsEndpoint", hostPort);
    return this;
  }

  /**
   * Once the run is over, keep serving {@link #metricsEndpoint}'s final figures until a scrape
   * reads them, and the {@link #live} page's report until the browser that loaded the page loads
   * it, this long at most, as {@code --metrics-linger} (default 30 s; zero: not at all).
   */
  public BenchmarkBuilder metricsLinger(Duration most) {
    this.metricsLinger = within("metricsLinger", Limits.METRICS_LINGER, most);
    return this;
  }

  /**
   * Serve the run's report page at {@code http://127.0.0.1:PORT/}, redrawn as each period ends, and
   * the report once the run is over, as {@code --live}; it draws the result files, so it needs
   * {@link #resultDirectory}.
   */
  public BenchmarkBuilder live(int port) {
    return live(String.valueOf(port));
  }

  /** The same at {@code [HOST:]PORT}. */
  public BenchmarkBuilder live(String hostPort) {
    this.live = Checks.address("live", hostPort);
    return this;
  }

  /**
   * Connects, loads the data (or reuses it), warms up, runs, verifies and checks the thresholds;
   * the embedded server, if one was started, is stopped after.
   *
   * @throws IllegalArgumentException when the target, workload or an option is unknown or wrong
   * @throws BenchmarkException when the server cannot be reached or prepared, or was lost
   */
  public BenchmarkResult run() {
    return new InProcessRun(this).run();
  }

  /** The run's length: its duration or its count of iterations, else the default duration. */
  RunLength length() {
    return RunLength.of(duration, iterations);
  }

  Optional<Duration> warmup() {
    return Optional.ofNullable(warmup);
  }
}
