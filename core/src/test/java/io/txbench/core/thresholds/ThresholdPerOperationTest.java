package io.txbench.core.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import io.txbench.core.thresholds.Threshold.Metric;
import io.txbench.core.thresholds.Threshold.Unit;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Thresholds on one operation of a mix and on the statements counted, held against a made-up 10 s
 * run: 900 point-selects of 1 ms, 100 updates of 10 ms (4 of them declined) with 3 failed and 1 in
 * doubt besides; 9,000 reads, 100 writes and 2,000 others (1,110 qps).
 */
class ThresholdPerOperationTest {
  private static final Verification PASSED = Verification.of(Map.of(), List.of());
  private static final RunResult MIX = run(true, true);

  @Test
  void readsAnOperationBeforeTheLastDot() {
    Threshold t = Threshold.parse(" Point-Select . p99 < 2ms");
    assertEquals(Optional.of("point-select"), t.operation());
    assertEquals(Metric.P99, t.metric());
    assertEquals(Unit.MILLISECONDS, t.unit());
    assertEquals(Optional.of("a.b"), Threshold.parse("a.b.tps>1").operation());
    assertEquals(Optional.empty(), Threshold.parse("p99<2ms").operation());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        ".p99<2ms|no operation before the '.'; as in update.p99<10ms",
        "update.retries<5|retries is the run's, not one operation's: write it alone; an operation"
            + " has p50, p75, p90, p95, p99, p999, max, mean, tps, errors, in-doubt, declined",
        "update.qps>5|qps is the run's, not one operation's",
        "update.verification|verification is the run's, not one operation's",
        "p99.9<2ms|unknown metric 'p99.9'; one of: p50",
        "update.p98<2ms|unknown metric 'update.p98'",
        "update.p99<2|a time needs a unit (us, ms, s), as in p99<20ms",
        "qps>1k|qps takes a plain number of statements per second, as in qps>=1000",
      })
  void refusesWhatNoOperationHas(String expression, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Threshold.parse(expression));
    assertTrue(String.valueOf(e.getMessage()).startsWith("'" + expression + "': "), e.getMessage());
    assertTrue(String.valueOf(e.getMessage()).contains(message), e.getMessage());
  }

  /** Each pair: a threshold the figure passes and one it fails, near the figure. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "point-select.p99<1.1ms|point-select.p99<0.9ms|1.0|ms",
        "update.p50>9.9ms|update.p50>10.1ms|10.0|ms",
        "update.max<=10.1ms|update.max<9.9ms|10.0|ms",
        "UPDATE.mean<10.1ms|update.mean<9.9ms|10.0|ms",
        "point-select.tps>=90|point-select.tps>90|90|tps",
        "update.tps==10|update.tps>10|10|tps",
        // of the updates: 100 completed, 3 failed, 1 in doubt, so 104 ended
        "update.errors==3|update.errors<3|3|count",
        "update.errors<2.9%|update.errors<2.8%|2.885|%",
        "update.in-doubt<=1|update.in-doubt==0|1|count",
        "update.declined==4|point-select.declined==4|4|count",
        "point-select.errors==0|point-select.errors>0|0|count",
        "qps>=1110|qps>1110|1110|qps",
        "declined<=4|declined<4|4|count",
      })
  void holdsAnOperationsOwnFigures(String passes, String fails, double measured, String unit) {
    ThresholdVerdict pass = Threshold.parse(passes).check(MIX, PASSED);
    ThresholdVerdict fail = Threshold.parse(fails).check(MIX, PASSED);
    assertTrue(pass.passed(), pass.toString());
    assertFalse(fail.passed(), fail.toString());
    assertEquals(measured, pass.measured(), Math.max(measured * 0.001, 1e-9), pass.toString());
    assertEquals(unit, pass.unit());
    assertEquals(Optional.empty(), pass.whyNotMeasured());
  }

  @Test
  void anOperationTheRunDidNotHaveFailsAndSaysWhich() {
    ThresholdVerdict v = Threshold.parse("updat.p99<10ms").check(MIX, PASSED);
    assertFalse(v.passed());
    assertTrue(Double.isNaN(v.measured()));
    assertEquals(
        Optional.of(
            "no operation 'updat' in this run; its operations: point-select, update, delete"),
        v.whyNotMeasured());
    v = Threshold.parse("update.p99<10ms").check(run(false, true), PASSED);
    assertFalse(v.passed());
    assertEquals(
        Optional.of(
            "no operation 'update' in this run: its workload is no mix (its iterations are not"
                + " told apart)"),
        v.whyNotMeasured());
  }

  @Test
  void qpsOfAWorkloadThatCountsNoStatementsFails() {
    ThresholdVerdict v = Threshold.parse("qps>=0").check(run(true, false), PASSED);
    assertFalse(v.passed());
    assertTrue(Double.isNaN(v.measured()));
    assertTrue(v.whyNotMeasured().orElseThrow().startsWith("no statement counted"));
  }

  @Test
  void anOperationWithNothingCompletedHasNoTime() {
    ThresholdVerdict v = Threshold.parse("delete.p99<1s").check(MIX, PASSED);
    assertFalse(v.passed());
    assertEquals(Optional.of("no delete completed"), v.whyNotMeasured());
    assertTrue(Threshold.parse("delete.tps==0").check(MIX, PASSED).passed());
  }

  @Test
  void refusesUpFrontAnOperationNotInTheMix() {
    List<String> ops = List.of("point-select", "update");
    assertEquals(Optional.empty(), Threshold.parse("Update.p99<1ms").refusalFor(ops));
    assertEquals(Optional.empty(), Threshold.parse("p99<1ms").refusalFor(ops));
    assertEquals(
        Optional.of(
            "'insert.p99<1ms': no operation 'insert' in this run; its operations: point-select,"
                + " update"),
        Threshold.parse("insert.p99<1ms").refusalFor(ops));
  }

  /**
   * The run, its operations told apart when {@code mix} (with a delete that never completed), its
   * statements counted when {@code queries}.
   */
  private static RunResult run(boolean mix, boolean queries) {
    Histogram selects = times(900, 1);
    Histogram updates = times(100, 10);
    Histogram all = new Histogram(3);
    all.add(selects);
    all.add(updates);
    Map<String, OperationStats> ops = new LinkedHashMap<>();
    if (mix) {
      ops.put("point-select", new OperationStats(selects, 0, 0, 0));
      ops.put("update", new OperationStats(updates, 4, 3, 1));
      ops.put("delete", new OperationStats(new Histogram(3), 0, 0, 0));
    }
    return new RunResult(
        new MeasuredWindow(
            Instant.EPOCH,
            Instant.EPOCH.plusSeconds(10),
            10_000_000_000L,
            StopReason.DURATION_ELAPSED),
        new Outcomes(1000, 0, 4, 0, 3, 0, 1, 0, Map.of(), Map.of(), Map.of()),
        new Latencies(all, all, new Histogram(3)),
        new ClientUsage(10_000_000_000L, 2, OptionalLong.empty(), 0, 0, OptionalDouble.empty()),
        Optional.empty(),
        new Breakdown(ops, queries ? new Queries(9000, 100, 2000) : Queries.NONE),
        Map.of(),
        io.txbench.core.metrics.TelemetryFindings.NONE);
  }

  private static Histogram times(int count, long ms) {
    Histogram h = new Histogram(3);
    for (int i = 0; i < count; i++) {
      h.recordValue(ms * 1_000_000L);
    }
    return h;
  }
}
