package io.txbench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.Latencies;
import io.txbench.core.metrics.MeasuredWindow;
import io.txbench.core.metrics.OperationStats;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.spi.Queries;
import io.txbench.core.spi.Verification;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SystemUnderTest;
import io.txbench.report.files.WarmUp;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The typed result gives a mix's operations and the statements counted, as summary.json does. */
class BenchmarkResultBreakdownTest {
  @Test
  void aMixsOperationsAndItsStatementsAreInTheResult() {
    Histogram updates = new Histogram(3);
    updates.recordValue(10_000_000);
    Map<String, OperationStats> ops = new LinkedHashMap<>();
    ops.put("point-select", new OperationStats(new Histogram(3), 0, 0, 0));
    ops.put("update", new OperationStats(updates, 1, 2, 0));
    BenchmarkResult result = result(new Breakdown(ops, new Queries(30, 4, 6)));
    assertEquals(List.of("point-select", "update"), List.copyOf(result.operations().keySet()));
    assertEquals(1, java.util.Objects.requireNonNull(result.operations().get("update")).declined());
    assertEquals(new Queries(30, 4, 6), result.queries());
    assertEquals(4.0, result.qps(), 1e-9); // 40 statements in 10 s
    BenchmarkResult plain = result(Breakdown.NONE);
    assertEquals(Map.of(), plain.operations());
    assertEquals(0, plain.qps());
  }

  private static BenchmarkResult result(Breakdown breakdown) {
    Histogram all = new Histogram(3);
    all.recordValue(10_000_000);
    RunResult run =
        new RunResult(
            new MeasuredWindow(
                Instant.EPOCH,
                Instant.EPOCH.plusSeconds(10),
                10_000_000_000L,
                StopReason.DURATION_ELAPSED),
            new Outcomes(1, 0, 0, 0, 0, 0, 0, 0, Map.of(), Map.of(), Map.of()),
            new Latencies(all, all, new Histogram(3)),
            new ClientUsage(1, 2, OptionalLong.empty(), 0, 0, OptionalDouble.empty()),
            Optional.empty(),
            breakdown,
            Map.of(),
            io.txbench.core.metrics.TelemetryFindings.NONE);
    RunSummary summary =
        new RunSummary(
            "1.0",
            new SystemUnderTest(
                "postgres", "PostgreSQL 17", "driver", true, "localhost", null, "mix", true, false),
            1,
            WarmUp.fixed(Duration.ZERO),
            Map.of(),
            Map.of(),
            run,
            Verification.notRun("--no-verify"),
            List.of(),
            null,
            List.of(),
            null);
    return new BenchmarkResult(summary, Optional.empty());
  }
}
