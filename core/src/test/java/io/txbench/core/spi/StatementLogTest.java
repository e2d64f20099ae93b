package io.txbench.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.StatementStats;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A worker's log of its timed statements, moved into the run's figures as its iterations end: every
 * execution counted once on its own statement, failures by class, none in a run (the warm-up's)
 * that times no statement.
 */
class StatementLogTest {
  private static final StatementId FIRST = new StatementId(0, "a.sql", 3, "SELECT 1;");
  private static final StatementId SECOND = new StatementId(1, "a.sql", 5, "UPDATE t SET n = 1;");

  @Test
  void eachExecutionIsCountedOnceOnItsOwnStatement() {
    Metrics metrics = new Metrics(false, List.of(), List.of(FIRST, SECOND));
    StatementLog log = new StatementLog();
    for (int iteration = 0; iteration < 100; iteration++) {
      // More statements in one iteration than the log first holds: it grows.
      for (int i = 0; i < 10; i++) {
        log.succeeded(FIRST, 1_000_000);
        log.succeeded(SECOND, 2_000_000);
      }
      log.failed(SECOND, ErrorClass.SERIALIZATION);
      log.drainTo(metrics.statements());
    }
    log.drainTo(metrics.statements()); // nothing left to move
    List<StatementStats> stats = metrics.statements().snapshot();
    assertEquals(1000, stats.get(0).count());
    assertEquals(Map.of(), stats.get(0).failures());
    assertEquals(1000, stats.get(1).count());
    assertEquals(Map.of(ErrorClass.SERIALIZATION, 100L), stats.get(1).failures());
    assertEquals(2.0, stats.get(1).percentileMillis(50), 0.01);
    // A second reading holds the same: nothing is counted twice.
    assertEquals(1000, metrics.statements().snapshot().get(1).count());
  }

  @Test
  void aRunThatTimesNoStatementKeepsNone() {
    Metrics warmUp = new Metrics(false, List.of(), List.of());
    StatementLog log = new StatementLog();
    log.succeeded(FIRST, 1_000);
    log.failed(SECOND, ErrorClass.OTHER);
    log.drainTo(warmUp.statements());
    assertEquals(List.of(), warmUp.statements().snapshot());
    // What the warm-up's iterations logged is gone: the measured run starts from nothing.
    Metrics measured = new Metrics(false, List.of(), List.of(FIRST, SECOND));
    log.drainTo(measured.statements());
    assertEquals(0, measured.statements().snapshot().get(0).count());
  }

  @Test
  void aStatementsTextIsShortAndOnOneLine() {
    StatementId id =
        new StatementId(0, "b.sql", 7, "SELECT a,\n   b FROM t\tWHERE " + "x".repeat(80));
    assertEquals("b.sql:7", id.where());
    assertEquals(60, id.text().length());
    assertEquals("SELECT a, b FROM t WHERE xxx", id.text().substring(0, 28));
  }
}
