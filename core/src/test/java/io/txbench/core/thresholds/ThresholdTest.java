package io.txbench.core.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.Latencies;
import io.txbench.core.metrics.MeasuredWindow;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.core.spi.Verification;
import io.txbench.core.thresholds.Threshold.Comparison;
import io.txbench.core.thresholds.Threshold.Metric;
import io.txbench.core.thresholds.Threshold.Unit;
import java.time.Instant;
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
 * --threshold's expressions, read and held against a run made up for them: 1,000 iterations in 10 s
 * (100 tps), 990 of 10 ms and 10 of 100 ms, 5 errors, 2 in doubt, 30 retries; so 1,007 ended. Every
 * figure is tested on both sides of its limit: a threshold that passes when it should fail is the
 * defect that matters.
 */
class ThresholdTest {
  private static final RunResult RUN = run(1000, 5, 2, 30, 990, 10);
  private static final Verification PASSED = Verification.of(Map.of("rows", 1L), List.of());

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "p99<20ms|P99|LESS|20|MILLISECONDS",
        "P999 <= 100 MS|P999|AT_MOST|100|MILLISECONDS",
        " p50 > 250us |P50|GREATER|250|MICROSECONDS",
        "p75>=1.5s|P75|AT_LEAST|1.5|SECONDS",
        "p90!=.5ms|P90|NOT_EQUAL|0.5|MILLISECONDS",
        "p95<3µs|P95|LESS|3|MICROSECONDS",
        "max<1s|MAX|LESS|1|SECONDS",
        "Mean<12.5ms|MEAN|LESS|12.5|MILLISECONDS",
        "tps>=1500|TPS|AT_LEAST|1500|PER_SECOND",
        "QPS > 1000|QPS|GREATER|1000|QUERIES_PER_SECOND",
        "declined<1%|DECLINED|LESS|1|PERCENT",
        "errors<0.1%|ERRORS|LESS|0.1|PERCENT",
        "errors < 10|ERRORS|LESS|10|COUNT",
        "retries<5%|RETRIES|LESS|5|PERCENT",
        "in-doubt==0|IN_DOUBT|EQUAL|0|COUNT",
        "IN-DOUBT <= 2 %|IN_DOUBT|AT_MOST|2|PERCENT",
      })
  void readsEachFormInAnyCaseWithSpaces(
      String expression, Metric metric, Comparison comparison, double limit, Unit unit) {
    Threshold t = Threshold.parse(expression);
    assertEquals(metric, t.metric());
    assertEquals(comparison, t.comparison());
    assertEquals(limit, t.limit(), 1e-12);
    assertEquals(unit, t.unit());
    assertEquals(expression.strip(), t.expression()); // as the user wrote it
  }

  @Test
  void verificationStandsAlone() {
    Threshold t = Threshold.parse(" Verification ");
    assertEquals(Metric.VERIFICATION, t.metric());
    assertEquals(Unit.PASSED, t.unit());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "p99<20|'p99<20': a time needs a unit (us, ms, s), as in p99<20ms",
        "p99<20%|'p99<20%': unknown unit '%' for a time; one of: us, ms, s",
        "p99<20min|unknown unit 'min' for a time",
        "p98<20ms|'p98<20ms': unknown metric 'p98'; one of: p50, p75, p90, p95, p99, p999, max,"
            + " mean, tps, qps, errors, retries, in-doubt, declined, verification, or one"
            + " operation's as in update.p99",
        "<20ms|'<20ms': no metric; one of: p50",
        "p99|'p99': no comparison; one of <, <=, >, >=, ==, !=",
        "p99=20ms|'p99=20ms': unknown comparison '='; one of: <, <=, >, >=, ==, !=",
        "p99=<20ms|unknown comparison '=<'",
        "p99<|'p99<': no limit after <",
        "p99<-5ms|'-5ms' is not a limit: a number (not negative) and its unit",
        "p99<twentyms|'twentyms' is not a limit",
        "p99<1e3ms|'1e3ms' is not a limit",
        "p99<20ms<30ms|'20ms<30ms' is not a limit",
        "tps>=1500/s|tps takes a plain number of iterations per second, as in tps>=1500",
        "tps>=1,500|'1,500' is not a limit",
        "errors<200%|'errors<200%': a share of the iterations that ended is 0% to 100%, not 200%",
        "in-doubt<=100.5%|a share of the iterations that ended is 0% to 100%, not 100.5%",
        "errors<0.5|a count is a whole number; for a share of the iterations, a percentage"
            + " (errors<0.1%)",
        "retries<5ms|retries takes a count (retries<10) or a percentage of the iterations that"
            + " ended (retries<0.1%), not 'ms'",
        "verification==1|verification takes no comparison: write it alone",
        "verification<|verification takes no comparison",
      })
  void refusesABadExpressionInOneLineThatQuotesIt(String expression, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Threshold.parse(expression));
    assertTrue(String.valueOf(e.getMessage()).contains(message), e.getMessage());
    assertEquals(1, String.valueOf(e.getMessage()).lines().count(), e.getMessage());
    assertTrue(String.valueOf(e.getMessage()).startsWith("'" + expression + "': "), e.getMessage());
  }

  /** A pasted blob is quoted by its start, on one line: the refusal stays readable. */
  @Test
  void refusesAHugeOrMultiLineExpressionInOneShortLine() {
    String huge = "p99<" + "9".repeat(10_000) + "x";
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Threshold.parse(huge));
    assertTrue(String.valueOf(e.getMessage()).length() < 200, e.getMessage());
    assertTrue(String.valueOf(e.getMessage()).startsWith("'p99<999"), e.getMessage());
    assertTrue(String.valueOf(e.getMessage()).contains("...': "), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Threshold.parse("p99<20ms\nfoo"));
    assertEquals(
        "'p99<20ms foo': unknown unit 'msfoo' for a time; one of: us, ms, s", e.getMessage());
  }

  @Test
  void refusesAnEmptyExpression() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Threshold.parse("  "));
    assertEquals(
        "'': empty: give a metric, a comparison and a limit, as in p99<20ms", e.getMessage());
  }

  /** Each pair: the run's figure, then a threshold it passes and one it fails, near the figure. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // p50 and p99 are the 10 ms iterations (HdrHistogram: within 0.1%), p999 and max 100 ms
        "p50<10.1ms|p50<9.9ms|10.0|ms",
        "p50<10100us|p50<9900us|10000|us",
        "p99<=10.1ms|p99<=9.9ms|10.0|ms",
        "p999<0.11s|p999<0.09s|0.1|s",
        "max>=99ms|max>101ms|100|ms",
        "mean<11ms|mean<10.8ms|10.9|ms",
        "p75>9ms|p75>=11ms|10.0|ms",
        "p90!=9ms|p90==10ms|10.0|ms", // the bucket's top, not exactly 10
        "tps>=100|tps>100|100|tps",
        "tps==100|tps!=100|100|tps",
        // 5 errors, 30 retries and 2 in doubt of 1,007 ended
        "errors<=5|errors<5|5|count",
        "errors<0.5%|errors<0.49%|0.4965|%",
        "retries<3%|retries<=2.9%|2.979|%",
        "retries>29|retries>=31|30|count",
        "in-doubt==2|in-doubt==0|2|count",
        "in-doubt!=0|in-doubt<2|2|count",
        "in-doubt<0.2%|in-doubt<0.19%|0.1986|%",
      })
  void holdsOnOneSideOfTheLimitAndFailsOnTheOther(
      String passes, String fails, double measured, String unit) {
    ThresholdVerdict pass = Threshold.parse(passes).check(RUN, PASSED);
    ThresholdVerdict fail = Threshold.parse(fails).check(RUN, PASSED);
    assertTrue(pass.passed(), pass.toString());
    assertFalse(fail.passed(), fail.toString());
    assertEquals(measured, pass.measured(), measured * 0.001, pass.toString());
    assertEquals(pass.measured(), fail.measured(), 1e-9);
    assertEquals(unit, pass.unit());
    assertEquals(passes, pass.expression());
  }

  /**
   * Each time metric reads its own percentile: on 1,000 iterations of 1, 2, ... 1,000 ms every
   * percentile is a different time, known without HdrHistogram (the n-th percentile is n * 10 ms),
   * so a metric that read its neighbour's percentile could not pass, as it could on the run above,
   * where p50 to p99 are all 10 ms.
   */
  @ParameterizedTest
  @CsvSource({"p50,500", "p75,750", "p90,900", "p95,950", "p99,990", "p999,999", "max,1000"})
  void eachTimeMetricIsItsOwnPercentile(String metric, double ms) {
    Histogram times = new Histogram(3);
    for (long i = 1; i <= 1000; i++) {
      times.recordValue(i * 1_000_000L);
    }
    RunResult spread = run(times, 1000, 0, 0, 0);
    ThresholdVerdict v = Threshold.parse(metric + "<2000ms").check(spread, PASSED);
    // HdrHistogram with 3 significant digits: within 0.1% of the exact value
    assertEquals(ms, v.measured(), ms * 0.001, metric);
    assertEquals(500.5, Threshold.parse("mean<2000ms").check(spread, PASSED).measured(), 0.5);
  }

  @Test
  void verificationPassesOnlyWhenVerifyPassed() {
    Threshold t = Threshold.parse("verification");
    ThresholdVerdict passed = t.check(RUN, PASSED);
    assertTrue(passed.passed());
    assertEquals(1, passed.measured());
    assertEquals("passed", passed.unit());
    ThresholdVerdict failed = t.check(RUN, Verification.of(Map.of(), List.of("2 seats unpaid")));
    assertFalse(failed.passed());
    assertEquals(0, failed.measured());
    assertFalse(t.check(RUN, Verification.notRun("the server was lost")).passed());
  }

  @Test
  void aFigureTheRunCouldNotMeasureFailsWhateverTheLimit() {
    RunResult nothing = run(0, 0, 0, 0, 0, 10);
    for (String expression : List.of("p99<1s", "p99>0ms", "mean!=1ms", "errors<100%")) {
      ThresholdVerdict v = Threshold.parse(expression).check(nothing, PASSED);
      assertFalse(v.passed(), expression);
      assertTrue(Double.isNaN(v.measured()), expression);
    }
    // A count of nothing is 0, and a rate of nothing is 0 per second: both are figures.
    assertTrue(Threshold.parse("errors==0").check(nothing, PASSED).passed());
    assertFalse(Threshold.parse("tps>0").check(nothing, PASSED).passed());
  }

  @Test
  void aShareCountsTheIterationsThatFailedOrAreInDoubtAmongThoseThatEnded() {
    // Every iteration failed: 100% errors, although none completed.
    RunResult failing = run(0, 40, 0, 0, 0, 10);
    ThresholdVerdict v = Threshold.parse("errors<50%").check(failing, PASSED);
    assertFalse(v.passed());
    assertEquals(100, v.measured(), 1e-9);
  }

  /**
   * A 10 s run of {@code iterations} (the first {@code fast} of them 10 ms, the rest 100 ms),
   * {@code errors}, {@code inDoubt} and {@code retries}; {@code ms} is the fast ones' time.
   */
  private static RunResult run(
      long iterations, long errors, long inDoubt, long retries, long fast, long ms) {
    Histogram times = new Histogram(3);
    for (long i = 0; i < iterations; i++) {
      times.recordValue((i < fast ? ms : 10 * ms) * 1_000_000L);
    }
    return run(times, iterations, errors, inDoubt, retries);
  }

  /** A 10 s run whose iterations took {@code times}. */
  private static RunResult run(
      Histogram times, long iterations, long errors, long inDoubt, long retries) {
    return new RunResult(
        new MeasuredWindow(
            Instant.EPOCH,
            Instant.EPOCH.plusSeconds(10),
            10_000_000_000L,
            StopReason.DURATION_ELAPSED),
        new Outcomes(
            iterations, 0, 0, retries, errors, 0, inDoubt, 0, Map.of(), Map.of(), Map.of()),
        new Latencies(times, times, new Histogram(3)),
        new ClientUsage(10_000_000_000L, 2, OptionalLong.empty(), 0, 0, OptionalDouble.empty()),
        Optional.empty(),
        Breakdown.NONE,
        Map.of(),
        TelemetryFindings.NONE);
  }
}
