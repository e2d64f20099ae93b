package io.txbench.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import org.junit.jupiter.api.Test;

class MetricsTest {

  @Test
  void anOpenLoopKeepsServiceTimesApart() {
    Metrics metrics = new Metrics(true, java.util.List.of(), java.util.List.of());
    metrics.recordCommit(9_000_000, 1_000_000, false);
    Metrics.Sample sample = metrics.sampleInterval();
    assertEquals(9_000_000, (double) sample.responseTimes().getMaxValue(), 10_000);
    assertEquals(1_000_000, (double) sample.serviceTimes().getMaxValue(), 1_000);
    assertTrue(metrics.separateServiceTimes());
  }

  @Test
  void aClosedLoopRecordsOnceAndReportsTheSameTimes() {
    Metrics metrics = new Metrics(false, java.util.List.of(), java.util.List.of());
    metrics.recordCommit(5_000_000, 5_000_000, false);
    metrics.recordCommit(7_000_000, 7_000_000, false);
    Metrics.Sample sample = metrics.sampleInterval();
    assertEquals(2, sample.serviceTimes().getTotalCount());
    assertEquals(sample.responseTimes(), sample.serviceTimes());
    assertEquals(metrics.cumulative().responseTimes(), metrics.cumulative().serviceTimes());
    assertFalse(metrics.separateServiceTimes());
    assertEquals(2, metrics.iterationCount());
  }

  /**
   * A period's statements are those counted when its times were taken, not when its breakdown was
   * made: the metrics thread makes it after copying every histogram, while the workers go on, and
   * with periods of 100 ms the statements of a period and its iterations drifted apart by 1%.
   */
  @Test
  void aPeriodsStatementsAreThoseCountedAsItsTimesWereTaken() {
    Metrics metrics = new Metrics(false, java.util.List.of(), java.util.List.of());
    metrics.recordQueries(3, 1, 0);
    metrics.recordCommit(1_000_000, 1_000_000, false);
    Metrics.Sample period = metrics.sampleInterval();
    metrics.recordQueries(5, 0, 2); // the next period's, counted before this one's breakdown
    assertEquals(new io.txbench.core.spi.Queries(3, 1, 0), metrics.breakdown(period).queries());
    assertEquals(new io.txbench.core.spi.Queries(8, 1, 2), metrics.cumulative().queries());
  }

  @Test
  void totalsAreTheSumsOfTheCountsByClassAndCause() {
    Metrics metrics = new Metrics(false, java.util.List.of(), java.util.List.of());
    metrics.recordRetry(ErrorClass.DEADLOCK);
    metrics.recordRetry(ErrorClass.SERIALIZATION);
    metrics.recordError(ErrorClass.CONNECTION, true);
    metrics.recordInDoubt(InDoubtCause.REPLY_LOST);
    metrics.recordDeclined(1_000, 1_000, true);
    assertEquals(2, metrics.retryCount());
    assertEquals(1, metrics.retriesByClass().get(ErrorClass.DEADLOCK));
    assertEquals(1, metrics.errorCount());
    assertEquals(1, metrics.outcomes().partialErrors());
    assertEquals(1, metrics.inDoubtCount());
    assertEquals(1, metrics.iterationCount());
    assertEquals(1, metrics.declinedCount());
    assertEquals(1, metrics.outcomes().lateIterations());
  }
}
