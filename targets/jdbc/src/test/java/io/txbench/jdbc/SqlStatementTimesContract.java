package io.txbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.metrics.StatementStats;
import io.txbench.core.run.MeasurementPlan;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.ErrorClass;
import io.txbench.jdbc.client.IsolationLevel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A script's statements timed apart by file and line (pgbench's {@code -r}) against a real SQL
 * server: each statement's count exact (the iterations run, and the server's own count of what it
 * did), the warm-up's executions left out, and a failing statement's failures on its own line.
 */
public abstract class SqlStatementTimesContract extends SqlScriptContract {
  private static final String SETUP =
      """
      CREATE TABLE counted (k int PRIMARY KEY, n int NOT NULL);
      CREATE TABLE counted_log (k int NOT NULL);
      INSERT INTO counted VALUES (1, 0), (2, 0), (3, 0), (4, 0);
      """;

  /** Three statements on lines 3, 4 and 5, each run once an iteration. */
  private static final String THREE =
      """
      -- a read, an update and an insert of the same key
      \\set k random(1, 4)
      SELECT n FROM counted WHERE k = :k;
      UPDATE counted SET n = n + 1 WHERE k = :k;
      INSERT INTO counted_log VALUES (:k);
      """;

  /** One transaction whose line 6 fails (a duplicate key) when k is 4: not retried. */
  private static final String FAILING =
      """
      BEGIN;
      \\set k random(1, 4)
      UPDATE counted SET n = n + 1
        WHERE k = :k;
      \\if :k = 4
      INSERT INTO counted VALUES (4, 0);
      \\endif
      INSERT INTO counted_log VALUES (:k);
      COMMIT;
      """;

  private static StatementStats at(List<StatementStats> statements, int line) {
    return statements.stream()
        .filter(s -> s.id().line() == line)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no statement on line " + line + ": " + statements));
  }

  @Test
  void eachStatementIsCountedOnItsLineExactlyAndTheWarmUpIsLeftOut() throws Exception {
    String setup = write("setup.sql", SETUP);
    String script = write("three.sql", THREE);
    RunOptions run =
        new RunOptions(
            3,
            new ForIterations(300),
            Duration.ofSeconds(1),
            10,
            0,
            7,
            Backoff.defaults(),
            new ClosedLoop());
    WorkloadRun.Outcome o =
        WorkloadRun.run(
            provider(),
            target(3, IsolationLevel.READ_COMMITTED),
            scripts(script, setup, ""),
            new MeasurementPlan(run, Duration.ofMillis(700), false, false),
            true,
            () -> {});
    assertEquals(300, o.result().outcomes().iterations(), o.describe());
    List<StatementStats> statements = o.result().breakdown().statements();
    assertEquals(List.of(3, 4, 5), statements.stream().map(s -> s.id().line()).toList());
    for (StatementStats s : statements) {
      assertEquals(300, s.count(), s.toString());
      assertEquals(0, s.failed(), s.toString());
      assertEquals(script, s.id().script());
      assertTrue(s.percentileMillis(50) > 0 && s.maxMillis() < 60_000, s.toString());
    }
    assertEquals("UPDATE counted SET n = n + 1 WHERE k = :k;", at(statements, 4).id().text());
    // The server ran more of each (the warm-up's): the figures hold the measured run's alone.
    long updated = query("SELECT SUM(n) FROM counted");
    assertEquals(updated, query("SELECT COUNT(*) FROM counted_log"));
    assertTrue(updated > 300, "the warm-up ran none: " + updated);
  }

  @Test
  void aFailingStatementsFailuresAreOnItsOwnLine() throws Exception {
    String setup = write("setup.sql", SETUP);
    String script = write("failing.sql", FAILING);
    WorkloadRun.Outcome o =
        run(scripts(script, setup, ""), 2, 200, true, IsolationLevel.READ_COMMITTED);
    long committed = o.result().outcomes().iterations();
    long errors = o.result().outcomes().errors();
    assertEquals(200, committed + errors, o.describe());
    assertTrue(errors > 10 && committed > 100, o.describe());
    assertEquals(
        Map.of(ErrorClass.OTHER, errors),
        o.result().outcomes().errorsByClass().entrySet().stream()
            .filter(e -> e.getValue() > 0)
            .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    List<StatementStats> statements = o.result().breakdown().statements();
    // the UPDATE (lines 3-4, named by line 3), the failing SELECT, the INSERT and the COMMIT
    assertEquals(List.of(3, 6, 8, 9), statements.stream().map(s -> s.id().line()).toList());
    StatementStats failing = at(statements, 6);
    assertEquals(0, failing.count(), failing.toString());
    assertEquals(Map.of(ErrorClass.OTHER, errors), failing.failures(), failing.toString());
    assertEquals(200, at(statements, 3).count());
    assertEquals(committed, at(statements, 8).count());
    assertEquals(committed, at(statements, 9).count());
    for (int line : List.of(3, 8, 9)) {
      assertEquals(0, at(statements, line).failed(), at(statements, line).toString());
    }
    // the server holds the committed iterations' rows alone: the failed ones rolled back
    assertEquals(committed, query("SELECT COUNT(*) FROM counted_log"));
    assertEquals(committed, query("SELECT SUM(n) FROM counted"));
  }
}
