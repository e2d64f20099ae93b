package io.txbench.api;

import io.txbench.core.metrics.OperationStats;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.Queries;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.server.ServerCommits;
import io.txbench.core.thresholds.ThresholdVerdict;
import io.txbench.report.files.HourlyCost;
import io.txbench.report.files.RunSummary;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a benchmark run in this process measured, with the same figures as its summary.json:
 * throughput, response-time percentiles, retries and errors by class, iterations in doubt, verify's
 * verdict and the thresholds' verdicts, and the result directory when one was named.
 */
public final class BenchmarkResult {
  private final RunSummary summary;
  private final Optional<Path> resultDirectory;

  BenchmarkResult(RunSummary summary, Optional<Path> resultDirectory) {
    this.summary = summary;
    this.resultDirectory = resultDirectory;
  }

  private RunResult run() {
    return summary.result();
  }

  /** The target's name: postgres, mysql, mongo. */
  public String target() {
    return summary.site().target();
  }

  /** The product and version the server reported. */
  public String serverVersion() {
    return summary.site().serverVersion();
  }

  /** The client library that talked to the server, and its version. */
  public String driver() {
    return summary.site().driver();
  }

  public String workload() {
    return summary.site().workload();
  }

  public int parallelism() {
    return summary.parallelism();
  }

  /** Iterations completed (committed or declined) per second of the measured window. */
  public double tps() {
    return run().tps();
  }

  /** Iterations completed, committed or declined (a business outcome that wrote nothing). */
  public long iterations() {
    return run().outcomes().iterations();
  }

  /** Of the iterations, those declined (a sold-out flight). */
  public long declined() {
    return run().outcomes().declined();
  }

  /** The measured window's length. */
  public Duration measured() {
    return Duration.ofNanos(run().window().nanos());
  }

  /**
   * What the measured window cost at {@link BenchmarkBuilder#costPerHour}'s price (the warm-up and
   * the setup are not charged); empty when none was given.
   */
  public OptionalDouble cost() {
    HourlyCost cost = summary.cost();
    return cost == null
        ? OptionalDouble.empty()
        : OptionalDouble.of(cost.of(run().window().seconds()));
  }

  /**
   * What a million iterations cost at {@link BenchmarkBuilder#costPerHour}'s price: per hour / (tps
   * x 3600) x 1,000,000, as summary.json has it; empty when no price was given or no iteration
   * completed.
   */
  public OptionalDouble costPerMillionIterations() {
    HourlyCost cost = summary.cost();
    return cost == null
        ? OptionalDouble.empty()
        : cost.perMillion(run().outcomes().inWindow(), run().window().seconds());
  }

  /** Why the run ended: its length reached, too many errors, a stop. */
  public StopReason stopReason() {
    return run().window().stopReason();
  }

  /**
   * The response time at {@code percentile} (0 to 100), from the intended start in an open loop.
   */
  public Duration responseTime(double percentile) {
    if (!(percentile >= 0 && percentile <= 100)) {
      throw new IllegalArgumentException("a percentile is from 0 to 100, not " + percentile);
    }
    var histogram = run().latencies().responseTimes();
    return histogram.getTotalCount() == 0
        ? Duration.ZERO
        : Duration.ofNanos(histogram.getValueAtPercentile(percentile));
  }

  public Duration p50() {
    return responseTime(50);
  }

  public Duration p95() {
    return responseTime(95);
  }

  public Duration p99() {
    return responseTime(99);
  }

  public Duration p999() {
    return responseTime(99.9);
  }

  /** The longest response time. */
  public Duration max() {
    var histogram = run().latencies().responseTimes();
    return Duration.ofNanos(histogram.getTotalCount() == 0 ? 0 : histogram.getMaxValue());
  }

  public Duration mean() {
    return Duration.ofNanos(Math.round(run().latencies().responseTimes().getMean()));
  }

  /**
   * The statements run, as sysbench counts its queries (reads, writes, others such as BEGIN and
   * COMMIT); none for a workload that does not count them (one statement per iteration).
   */
  public Queries queries() {
    return run().breakdown().queries();
  }

  /** Statements per second of the measured window (sysbench's qps); 0 when none were counted. */
  public double qps() {
    return run().qps(queries().total());
  }

  /**
   * Each operation of a mix, in the workload's order, with its own response times and outcomes, as
   * YCSB reports its {@code [READ]} and {@code [UPDATE]} sections; empty for a workload that is no
   * mix.
   */
  public Map<String, OperationStats> operations() {
    return run().breakdown().operations();
  }

  /**
   * Each statement of a {@code --workload script} run's scripts, by file and line, with the times
   * of its executions that succeeded and its failures by class (pgbench's {@code -r}); empty for
   * other workloads.
   */
  public java.util.List<io.txbench.core.metrics.StatementStats> statements() {
    return run().breakdown().statements();
  }

  /** Retries of iterations that failed with a retryable error. */
  public long retries() {
    return run().outcomes().retries();
  }

  public Map<ErrorClass, Long> retriesByClass() {
    return run().outcomes().retriesByClass();
  }

  /** Iterations that ended in an error. */
  public long errors() {
    return run().outcomes().errors();
  }

  public Map<ErrorClass, Long> errorsByClass() {
    return run().outcomes().errorsByClass();
  }

  /** Iterations whose outcome nobody knows: the connection was lost during their commit. */
  public long inDoubt() {
    return run().outcomes().inDoubt();
  }

  public Map<InDoubtCause, Long> inDoubtByCause() {
    return run().outcomes().inDoubtByCause();
  }

  /**
   * The commit cross-check: the server's own count of commits over the run beside txbench's; empty
   * where there is none ({@link #telemetry()} says why).
   */
  public Optional<ServerCommits> serverCommits() {
    return run().telemetry().commits();
  }

  /** What the server's and the machine's own numbers told of the run (server.csv's columns). */
  public TelemetryFindings telemetry() {
    return run().telemetry();
  }

  /** What verify found: passed, failed (with the anomalies), or not run (with the cause). */
  public Verification verification() {
    return summary.verification();
  }

  /** Each threshold asked for, with its measured figure and verdict. */
  public List<ThresholdVerdict> thresholds() {
    return summary.thresholds();
  }

  /** Whether every threshold held (true when none was asked for). */
  public boolean thresholdsPassed() {
    return summary.thresholds().stream().allMatch(ThresholdVerdict::passed);
  }

  /** Where the result files are, when a result directory was named. */
  public Optional<Path> resultDirectory() {
    return resultDirectory;
  }

  /** Result files that could not be written (empty when all were, or none was asked for). */
  public List<String> resultFileFailures() {
    return summary.writeFailures();
  }

  @Override
  public String toString() {
    return String.format(
        java.util.Locale.US,
        "%s %s x%d: %.1f tps, p99 %.3f ms, %d retries, %d errors, %d in doubt, verification %s",
        target(),
        workload(),
        parallelism(),
        tps(),
        p99().toNanos() / 1e6,
        retries(),
        errors(),
        inDoubt(),
        verification().status().label());
  }
}
