package io.txbench.report.files;

import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Latencies;
import io.txbench.core.metrics.MeasuredWindow;
import io.txbench.core.metrics.OperationStats;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.spi.Queries;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * Made-up periods and runs of a workload that records more than its iterations: a mix of
 * point-selects and updates, and the statements counted as sysbench counts them.
 */
public final class MixRuns {
  private MixRuns() {}

  /** A histogram of one response time per entry of {@code millis}. */
  public static Histogram times(double... millis) {
    Histogram h = new Histogram(3);
    for (double m : millis) {
      h.recordValue(Math.round(m * 1_000_000));
    }
    return h;
  }

  /**
   * A period of one second ending at {@code second}, of 8 threads, whose iterations are {@code
   * operations}' (all their times), with {@code queries} counted.
   */
  public static IntervalStats period(
      int second, Map<String, OperationStats> operations, Queries queries) {
    Histogram all = new Histogram(3);
    operations.values().forEach(op -> all.add(op.responseTimes()));
    return period(second, all, operations, queries);
  }

  /** The same, its iterations' times {@code all}. */
  public static IntervalStats period(
      int second, Histogram all, Map<String, OperationStats> operations, Queries queries) {
    return new IntervalStats(
        second * 1_000_000_000L,
        1_000_000_000L,
        all,
        all,
        0,
        0,
        0,
        operations.values().stream().mapToLong(OperationStats::declined).sum(),
        FakeRuns.usage(1_000_000_000L),
        8,
        false,
        new Breakdown(operations, queries));
  }

  /** point-select then update, in that order: {@code selects} and {@code updates} (ms). */
  public static Map<String, OperationStats> mix(double[] selects, double[] updates, long declined) {
    Map<String, OperationStats> ops = new LinkedHashMap<>();
    ops.put("point-select", new OperationStats(times(selects), 0, 0, 0));
    ops.put("update", new OperationStats(times(updates), declined, 2, 1));
    return ops;
  }

  /** The summary of {@code result}, a run of {@code workload} that passed verify. */
  public static RunSummary summary(String workload, RunResult result) {
    return new RunSummary(
        "1.0",
        new SystemUnderTest(
            "postgres",
            "PostgreSQL 17",
            "PostgreSQL JDBC Driver 42.7",
            true,
            "localhost:5432",
            null,
            workload,
            true,
            false),
        8,
        WarmUp.fixed(java.time.Duration.ZERO),
        Map.of(),
        Map.of(),
        result,
        io.txbench.core.spi.Verification.of(Map.of(), java.util.List.of()),
        java.util.List.of(),
        "results/" + workload,
        java.util.List.of(),
        null);
  }

  /** A 10 s run of {@code operations} and {@code queries}, its totals theirs. */
  public static RunResult run(Map<String, OperationStats> operations, Queries queries) {
    Histogram all = new Histogram(3);
    operations.values().forEach(op -> all.add(op.responseTimes()));
    if (operations.isEmpty()) {
      all.add(times(1, 2, 3, 4));
    }
    long declined = operations.values().stream().mapToLong(OperationStats::declined).sum();
    RunResult plain = FakeRuns.result(1_700_000_000_000L, 10, all);
    return new RunResult(
        new MeasuredWindow(
            plain.window().start(),
            Instant.ofEpochMilli(1_700_000_010_000L),
            plain.window().nanos(),
            StopReason.DURATION_ELAPSED),
        new Outcomes(
            all.getTotalCount(),
            0,
            declined,
            plain.outcomes().retries(),
            plain.outcomes().errors(),
            0,
            plain.outcomes().inDoubt(),
            0,
            plain.outcomes().retriesByClass(),
            plain.outcomes().errorsByClass(),
            plain.outcomes().inDoubtByCause()),
        new Latencies(all, all, new Histogram(3)),
        plain.client(),
        Optional.empty(),
        new Breakdown(operations, queries),
        Map.of(),
        io.txbench.core.metrics.TelemetryFindings.NONE);
  }
}
