package io.txbench.report.files;

import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.Timer;
import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.spi.ErrorClass;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DropwizardMetricsTest {

  private static IntervalStats period(Metrics metrics, boolean last) {
    Metrics.Sample s = metrics.sampleInterval();
    return new IntervalStats(
        1_000_000_000L,
        1_000_000_000L,
        s.responseTimes(),
        s.serviceTimes(),
        0,
        0,
        0,
        0,
        FakeRuns.usage(1_000_000_000L),
        1,
        last,
        Breakdown.NONE);
  }

  @Test
  void metersFollowCoresCountsAndTimersAddUpThePeriods() {
    Metrics metrics = new Metrics(true, java.util.List.of(), java.util.List.of());
    DropwizardMetrics dropwizard = new DropwizardMetrics(metrics);
    for (int i = 1; i <= 1000; i++) {
      metrics.recordCommit(i * 1_000_000L, 1_000_000L, false);
    }
    metrics.recordRetry(ErrorClass.DEADLOCK);
    dropwizard.update(period(metrics, false));
    metrics.recordDeclined(5_000_000_000L, 1_000_000L, false);
    metrics.recordRetry(ErrorClass.SERIALIZATION);
    dropwizard.update(period(metrics, true));
    var registry = dropwizard.registry();
    assertEquals(1001, requireNonNull(registry.getMeters().get("iterations")).getCount());
    assertEquals(1, requireNonNull(registry.getMeters().get("declined")).getCount());
    assertEquals(2, requireNonNull(registry.getMeters().get("retries")).getCount());
    Timer response = requireNonNull(registry.getTimers().get(DropwizardMetrics.RESPONSE_TIME));
    assertEquals(1001, response.getCount());
    assertEquals(1001, response.getSnapshot().size());
    assertEquals(501_000_000, response.getSnapshot().getMedian(), 1_000_000);
    assertEquals(5_000_000_000.0, (double) response.getSnapshot().getMax(), 5_000_000);
    assertEquals(
        1_000_000,
        (double)
            requireNonNull(registry.getTimers().get(DropwizardMetrics.SERVICE_TIME))
                .getSnapshot()
                .getMax(),
        1_000);
    assertTrue(response.getMeanRate() > 0);
  }

  @Test
  void aClosedLoopHasOneTimerAndTheConsoleReporterDumpsEveryMetric() {
    Metrics metrics = new Metrics(false, java.util.List.of(), java.util.List.of());
    metrics.recordCommit(2_000_000, 2_000_000, false);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    var console =
        DropwizardReporters.console(metrics, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    console.onInterval(period(metrics, true));
    console.onEnd(FakeRuns.result(0, 1, new org.HdrHistogram.Histogram(3)));
    String dump = bytes.toString(StandardCharsets.UTF_8);
    for (String name :
        new String[] {
          "iterations", "declined", "retries", "errors", "in-doubt", "skipped", "response-time"
        }) {
      assertTrue(dump.contains(name + "\n"), name + " in\n" + dump);
    }
    assertTrue(!dump.contains("service-time"), dump);
    assertTrue(dump.contains("count = 1"), dump);
  }
}
