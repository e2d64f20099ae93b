package io.txbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.OperationStats;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.script.ScriptSource;
import io.txbench.core.script.SqlSyntax;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ScriptKind;
import io.txbench.jdbc.client.IsolationLevel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --workload script} against a real SQL server: pgbench's own scripts (as {@code pgbench
 * --show-script} prints them, in docs/scripts) on {@code pgbench -i}-shaped data a {@code
 * --script-setup} file loads, their invariant checked by a {@code --script-verify} file and read
 * back from the server; each meta-command end to end; a COMMIT's lost reply in doubt; a
 * serialization failure retried.
 */
public abstract class SqlScriptContract extends SqlAnalyticsContract {
  private static final Path SCRIPTS = Path.of("..", "docs", "scripts");

  @TempDir Path temp;

  /** The set-up file that loads pgbench -i's tables at scale 1 on this server. */
  protected abstract String pgbenchInit();

  /** The tpcb-like script in this server's SQL. */
  protected abstract String tpcbLike();

  /** The options of {@code --script}s {@code scripts} (FILE[@WEIGHT]), set-up and verify files. */
  protected static WorkloadOptions scripts(String scripts, String setup, String verify) {
    OptionValues values =
        OptionValues.defaults()
            .with(ScriptKind.SCRIPTS, ScriptSource.read(scripts, true))
            .with(ScriptKind.SETUP, ScriptSource.read(setup, false))
            .with(ScriptKind.VERIFY, ScriptSource.read(verify, false))
            .with(ScriptKind.DEFINES, Map.of());
    return new WorkloadOptions(new ScriptKind(new SqlSyntax()), 42, values);
  }

  protected static String file(String name) {
    return SCRIPTS.resolve(name).toString();
  }

  protected String write(String name, String text) throws IOException {
    return Files.writeString(temp.resolve(name), text).toString();
  }

  private WorkloadOptions tpcb() {
    return scripts(tpcbLike(), pgbenchInit(), file("tpcb-verify.sql"));
  }

  /** The invariant, read back from the server: every committed delta is in each table. */
  private void assertBalancesMatchTheHistory(long committed, long inDoubt) throws Exception {
    long history = query("SELECT COUNT(*) FROM pgbench_history");
    assertTrue(history >= committed && history <= committed + inDoubt, "history " + history);
    long deltas = query("SELECT COALESCE(SUM(delta), 0) FROM pgbench_history");
    assertEquals(deltas, query("SELECT COALESCE(SUM(abalance), 0) FROM pgbench_accounts"));
    assertEquals(deltas, query("SELECT COALESCE(SUM(tbalance), 0) FROM pgbench_tellers"));
    assertEquals(deltas, query("SELECT COALESCE(SUM(bbalance), 0) FROM pgbench_branches"));
  }

  @Test
  void tpcbLikeRunsAsOneTransactionAndItsInvariantHolds() throws Exception {
    WorkloadRun.Outcome o = run(tpcb(), 4, 400, true, IsolationLevel.READ_COMMITTED);
    Outcomes outcomes = o.result().outcomes();
    assertEquals(400, outcomes.iterations(), o.describe());
    assertEquals(0, outcomes.errors() + outcomes.inDoubt(), o.describe());
    assertBalancesMatchTheHistory(400, 0);
    assertEquals(100_000, query("SELECT COUNT(*) FROM pgbench_accounts"));
    assertTrue(o.verification().passed(), o.describe());
    assertEquals(3, o.verification().notes().size(), o.verification().notes().toString());
    // 5 statements, BEGIN and COMMIT: sysbench's counting of the built-in kinds
    assertEquals(400 * 4L, o.result().breakdown().queries().writes(), o.describe());
    assertEquals(400 * 1L, o.result().breakdown().queries().reads(), o.describe());
  }

  @Test
  void weightedScriptsAreChosenByWeightAndRecordedApart() throws Exception {
    String update = file("pgbench/simple-update.sql");
    String select = file("pgbench/select-only.sql");
    WorkloadOptions options =
        scripts(update + "@1," + select + "@3", pgbenchInit(), file("tpcb-verify.sql"));
    WorkloadRun.Outcome o = run(options, 2, 800, true, IsolationLevel.READ_COMMITTED);
    Map<String, OperationStats> ops = o.result().breakdown().operations();
    long updates = java.util.Objects.requireNonNull(ops.get(update), update).count();
    long selects = java.util.Objects.requireNonNull(ops.get(select), select).count();
    assertEquals(800, updates + selects, o.describe());
    assertTrue(updates > 120 && updates < 280, "simple-update ran " + updates + " of 800");
    assertEquals(updates, query("SELECT COUNT(*) FROM pgbench_history"));
    assertEquals(
        query("SELECT SUM(delta) FROM pgbench_history"),
        query("SELECT SUM(abalance) FROM pgbench_accounts"));
  }

  @Test
  void metaCommandsRunEndToEnd() throws Exception {
    String setup =
        write(
            "setup.sql",
            """
            CREATE TABLE counter (k int PRIMARY KEY, v int NOT NULL, evens int NOT NULL);
            \\set k 1
            \\if :k <= 10
            INSERT INTO counter VALUES (1, 0, 0), (2, 0, 0), (3, 0, 0), (4, 0, 0), (5, 0, 0);
            \\endif
            """);
    String script =
        write(
            "count.sql",
            """
            -- a key, its value read with \\gset, an update chosen by \\if on it, then a pause
            \\set k random(1, 5)
            SELECT v AS old, k FROM counter WHERE k = :k \\gset c_
            \\if :c_old % 2 = 0
            UPDATE counter SET v = v + 1, evens = evens + 1 WHERE k = :c_k;
            \\elif :c_old % 2 = 1
            UPDATE counter SET v = v + 1 WHERE k = :k;
            \\else
            UPDATE counter SET v = -1000 WHERE k = :k;
            \\endif
            \\sleep 1 ms
            """);
    String verify =
        write("verify.sql", "SELECT COUNT(*) = 0 FROM counter WHERE 2 * evens - v NOT IN (0, 1);");
    long start = System.nanoTime();
    WorkloadRun.Outcome o =
        run(scripts(script, setup, verify), 1, 200, true, IsolationLevel.READ_COMMITTED);
    assertTrue(System.nanoTime() - start >= 200_000_000L, "200 sleeps of 1 ms");
    assertEquals(200, o.result().outcomes().iterations(), o.describe());
    assertEquals(200, query("SELECT SUM(v) FROM counter"));
    assertEquals(0, query("SELECT COUNT(*) FROM counter WHERE 2 * evens - v NOT IN (0, 1)"));
    assertTrue(o.verification().passed(), o.describe());
  }

  /**
   * Parameters of each type a variable holds (bigint, double, boolean, text), in a context that
   * gives them no type ({@code SELECT :n AS n}) and bound to typed columns: every client binds
   * them, as PgJDBC binds them by their value's type; none takes a value the server typed otherwise
   * for a lost connection (the event-loop client did, and opened a connection each iteration).
   */
  @Test
  void untypedAndTypedParametersOfEveryTypeBind() throws Exception {
    String setup =
        write(
            "typed-setup.sql",
            "CREATE TABLE typed (i bigint, big bigint, d double precision, b boolean, t text,"
                + " ti text, tbig text, td text, tt text);");
    String script =
        write(
            "typed.sql",
            """
            \\set i 5
            \\set big 9007199254740993
            \\set d 2.5
            \\set b 1 = 1
            SELECT 'abc' AS t \\gset
            SELECT :i AS i, :big AS big, :d AS d, :t AS t \\gset r_
            INSERT INTO typed VALUES (:i, :big, :d, :b, :t, :r_i, :r_big, :r_d, :r_t);
            """);
    String verify =
        write(
            "typed-verify.sql",
            "SELECT COUNT(*) = 40 FROM typed WHERE i = 5 AND big = 9007199254740993 AND d = 2.5"
                + " AND b AND t = 'abc' AND ti = '5' AND tbig = '9007199254740993'"
                + " AND td = '2.5' AND tt = 'abc';");
    WorkloadRun.Outcome o =
        run(scripts(script, setup, verify), 1, 40, true, IsolationLevel.READ_COMMITTED);
    assertEquals(40, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void aCommitWhoseReplyIsLostIsInDoubt() throws Exception {
    run(tpcb(), 1, 1, true, IsolationLevel.READ_COMMITTED);
    try (FaultProxy proxy = FaultProxy.cuttingAfterCommit(url(), 25, 3)) {
      WorkloadRun.Outcome o =
          WorkloadRun.run(
              provider(), through(proxy, 4, IsolationLevel.READ_COMMITTED), tpcb(), 300, false);
      assertEquals(3, proxy.cuts());
      Outcomes outcomes = o.result().outcomes();
      assertEquals(3, outcomes.inDoubt(), o.describe());
      assertEquals(0, outcomes.errors(), o.describe());
      assertBalancesMatchTheHistory(1 + outcomes.iterations(), 3);
      assertTrue(o.verification().passed(), o.describe());
    }
  }

  @Test
  void aSerializationFailureRetriesTheWholeScript() throws Exception {
    run(tpcb(), 1, 1, true, IsolationLevel.READ_COMMITTED);
    failFirstInsertRetryably("pgbench_history");
    WorkloadRun.Outcome o = run(tpcb(), 2, 100, false, IsolationLevel.READ_COMMITTED);
    Outcomes outcomes = o.result().outcomes();
    assertEquals(100, outcomes.iterations(), o.describe());
    assertEquals(0, outcomes.errors(), o.describe());
    long retried = outcomes.retriesByClass().values().stream().mapToLong(Long::longValue).sum();
    assertEquals(1, retried, o.describe());
    assertTrue(
        outcomes.retriesByClass().containsKey(ErrorClass.SERIALIZATION)
            || outcomes.retriesByClass().containsKey(ErrorClass.DEADLOCK),
        o.describe());
    // the retried script's first UPDATEs were rolled back with its INSERT: none counted twice
    assertBalancesMatchTheHistory(101, 0);
    assertTrue(o.verification().passed(), o.describe());
    assertEquals(List.of(), o.verification().anomalies());
  }
}
