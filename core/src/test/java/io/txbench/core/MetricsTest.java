package io.txbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MetricsTest {

  @Test
  void anOpenLoopKeepsServiceTimesApart() {
    Metrics metrics = new Metrics(true);
    metrics.recordCommit(9_000_000, 1_000_000, false);
    Metrics.Sample sample = metrics.sampleInterval();
    assertEquals(9_000_000, sample.responseTimes().getMaxValue(), 10_000);
    assertEquals(1_000_000, sample.serviceTimes().getMaxValue(), 1_000);
    assertTrue(metrics.registry().getTimers().containsKey(Metrics.SERVICE_TIME));
  }

  @Test
  void aClosedLoopRecordsOnceAndReportsTheSameTimes() {
    Metrics metrics = new Metrics(false);
    metrics.recordSuccess(5_000_000);
    metrics.recordSuccess(7_000_000);
    Metrics.Sample sample = metrics.sampleInterval();
    assertEquals(2, sample.serviceTimes().getTotalCount());
    assertEquals(sample.responseTimes(), sample.serviceTimes());
    assertEquals(metrics.cumulative().responseTimes(), metrics.cumulative().serviceTimes());
    assertFalse(metrics.registry().getTimers().containsKey(Metrics.SERVICE_TIME));
    assertEquals(2, metrics.iterationCount());
  }
}
