package io.txbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Queries;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.Oltp;
import io.txbench.core.workloads.Oltp.Variant;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.client.JdbcTarget;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * sysbench's OLTP transactions and {@code --tables} against a real SQL server; every assertion
 * reads the effects back from the database. The server's way of taking a row out for the
 * delete+insert ({@code DELETE ... RETURNING}) and the other way (a locking read, then a delete of
 * the row as read) are both run, the second through {@link OltpFallback}.
 */
public abstract class SqlOltpContract extends SqlWorkloadsContract {

  /** Makes every insert into {@code table} fail on the server (a trigger that raises an error). */
  protected abstract void refuseInserts(String table) throws SQLException;

  /**
   * Makes the first insert into {@code table} from now on fail as the server fails a transaction it
   * aborts for a conflict (a serialization failure or a deadlock, which txbench retries), and every
   * later one succeed.
   */
  protected abstract void failFirstInsertRetryably(String table) throws SQLException;

  /**
   * The SELECT statements the server has run, by its own counters: those on {@code item} at least
   * (on every table, where the server counts no finer), with those of every session that ended
   * before this call: txbench's, once its run is over.
   */
  protected abstract long serverSelects() throws SQLException;

  @Test
  void readOnlyRunsFourteenReadsPerTransactionAndChangesNothing() throws Exception {
    Figures before = loaded(1_000);
    WorkloadRun.Outcome o =
        run(oltp(Variant.READ_ONLY, 1_000), 4, 500, false, IsolationLevel.REPEATABLE_READ);
    assertEquals(500, o.result().outcomes().iterations(), o.describe());
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    assertEquals(new Queries(14 * 500, 0, 2 * 500), o.result().breakdown().queries());
    assertEquals(before, figures("item"));
    assertTrue(o.verification().passed(), o.describe());
  }

  /**
   * Every read txbench counts is a statement the server ran: a run of 100 more transactions than
   * another has the server run exactly as many more SELECTs as txbench counts more reads. Taking
   * the difference of two runs leaves out what every run reads besides its transactions (verify's
   * figures), which the server counts as well.
   */
  @Test
  void everyReadCountedIsAStatementTheServerRan() throws Exception {
    loaded(1_000);
    long[] iterations = {20, 120};
    long[] counted = new long[2];
    long[] served = new long[2];
    for (int i = 0; i < 2; i++) {
      long before = serverSelects();
      WorkloadRun.Outcome o =
          run(
              oltp(Variant.READ_ONLY, 1_000),
              1,
              iterations[i],
              false,
              IsolationLevel.READ_COMMITTED);
      served[i] = serverSelects() - before;
      counted[i] = o.result().breakdown().queries().reads();
      assertEquals(0, o.result().outcomes().errors(), o.describe());
    }
    assertEquals(14 * 100, counted[1] - counted[0]);
    assertEquals(
        counted[1] - counted[0],
        served[1] - served[0],
        "server's SELECTs on item per run " + served[0] + ", " + served[1]);
  }

  /**
   * A retryable failure after the transaction's first writes (the insert, its last statement, is
   * refused once as a conflict is): the retry starts on a rolled-back connection, so the first
   * attempt's update and delete are gone, and the server holds each committed iteration once.
   */
  @Test
  void aRetryStartsOnARolledBackConnection() throws Exception {
    Figures before = loaded(1_000);
    failFirstInsertRetryably("item");
    WorkloadRun.Outcome o =
        outcome(provider(), oltp(Variant.WRITE_ONLY, 1_000), 1, 50, IsolationLevel.REPEATABLE_READ);
    assertEquals(1, o.result().outcomes().retries(), o.describe());
    assertEquals(0, o.result().outcomes().errors(), o.describe()); // no "transaction is aborted"
    assertEquals(50, o.result().outcomes().iterations(), o.describe());
    Figures after = figures("item");
    assertEquals(before.rows(), after.rows(), o.describe());
    assertEquals(before.kSum() + 50, after.kSum(), o.describe());
    assertEquals(before.updates() + 50, after.updates(), o.describe());
    assertTrue(o.verification().passed(), o.describe());
  }

  /** How the delete+insert takes a row out: as the server can, or as on MySQL. */
  enum RowTaking {
    /** {@code DELETE ... RETURNING} where the server has it. */
    SERVERS_OWN,
    /** A locking read, then a delete of the row as read ({@link OltpFallback}). */
    LOCKING_READ
  }

  /** The provider under test, taking rows out {@code way}. */
  private JdbcBinding provider(RowTaking way) {
    return way == RowTaking.SERVERS_OWN ? provider() : OltpFallback.of(provider());
  }

  /** One worker: every delete finds its row, and the counts are exact. */
  @ParameterizedTest
  @EnumSource(RowTaking.class)
  void writeOnlyPutsEveryRowBackAndGrowsKByItsIndexUpdates(RowTaking way) throws Exception {
    JdbcBinding provider = provider(way);
    Figures before = loaded(1_000);
    WorkloadRun.Outcome o =
        outcome(provider, oltp(Variant.WRITE_ONLY, 1_000), 1, 300, IsolationLevel.REPEATABLE_READ);
    assertEquals(300, o.result().outcomes().iterations(), o.describe());
    Figures after = figures("item");
    assertEquals(before.rows(), after.rows());
    assertEquals(1_000, query("SELECT COUNT(DISTINCT id) FROM item WHERE id BETWEEN 1 AND 1000"));
    assertEquals(before.kSum() + 300, after.kSum());
    assertEquals(before.updates() + 300, after.updates());
    // The locking read is a statement of its own where the server cannot return deleted rows.
    long reads = deleteReturns(provider) ? 0 : 300;
    assertEquals(new Queries(reads, 4 * 300, 2 * 300), o.result().breakdown().queries());
    assertTrue(o.verification().passed(), o.describe());
    assertEquals(300L, o.verification().figures().get("k grew"));
  }

  /** 8 workers on 20 rows: deletes, inserts and updates of the same rows collide. */
  @ParameterizedTest
  @CsvSource({
    "SERVERS_OWN, READ_COMMITTED",
    "SERVERS_OWN, REPEATABLE_READ",
    "LOCKING_READ, READ_COMMITTED"
  })
  void readWriteUnderContentionKeepsEveryInvariant(RowTaking way, IsolationLevel isolation)
      throws Exception {
    JdbcBinding provider = provider(way);
    Figures before = loaded(20);
    WorkloadRun.Outcome o = outcome(provider, oltp(Variant.READ_WRITE, 20), 8, 400, isolation);
    System.out.println(provider.target() + " oltp-read-write, 8 on 20 rows: " + o.describe());
    assertEquals(
        400, o.result().outcomes().iterations() + o.result().outcomes().errors(), o.describe());
    assertEquals(
        0, o.result().outcomes().partialErrors() + o.result().outcomes().inDoubt(), o.describe());
    Figures after = figures("item");
    assertEquals(20, query("SELECT COUNT(DISTINCT id) FROM item WHERE id BETWEEN 1 AND 20"));
    assertEquals(before.rows(), after.rows());
    assertEquals(before.kSum() + o.result().outcomes().iterations(), after.kSum(), o.describe());
    assertEquals(
        before.updates() + o.result().outcomes().iterations(), after.updates(), o.describe());
    assertTrue(o.verification().passed(), o.describe());
  }

  /**
   * 8 workers on 20 rows, each statement committed on its own. Without DELETE ... RETURNING nothing
   * locks a row between its read and its delete: another worker may change it or take it out
   * meanwhile, and deleting it anyway would put back stale figures, or a duplicate row (an error).
   */
  @ParameterizedTest
  @EnumSource(RowTaking.class)
  void skipTrxCommitsEachStatementOnItsOwnAndKeepsTheInvariants(RowTaking way) throws Exception {
    JdbcBinding provider = provider(way);
    Figures before = loaded(20);
    WorkloadOptions options = oltp(Variant.READ_WRITE, 20).withoutTransactions();
    WorkloadRun.Outcome o = outcome(provider, options, 8, 400, IsolationLevel.READ_COMMITTED);
    System.out.println(provider.target() + " oltp-read-write --skip-trx: " + o.describe());
    Queries queries = o.result().breakdown().queries();
    assertEquals(0, queries.others(), o.describe()); // no BEGIN, no COMMIT
    assertTrue(queries.writes() >= 3 * o.result().outcomes().iterations(), o.describe());
    assertTrue(o.verification().passed(), o.describe());
    long uncertain = o.result().outcomes().partialErrors() + o.result().outcomes().inDoubt();
    Figures after = figures("item");
    assertTrue(after.rows() >= before.rows() - uncertain, o.describe());
    if (uncertain == 0) {
      assertEquals(before.rows(), after.rows(), o.describe());
      assertEquals(o.result().outcomes().iterations(), after.kSum() - before.kSum(), o.describe());
      assertEquals(
          o.result().outcomes().iterations(), after.updates() - before.updates(), o.describe());
    }
    assertEquals(0, o.result().outcomes().errorsByClass().get(ErrorClass.OTHER), o.describe());
  }

  /**
   * Only the delete+insert, without transactions, and the server refuses the inserts: the delete,
   * committed on its own, is the iteration's only commit point before the failure.
   */
  @ParameterizedTest
  @EnumSource(RowTaking.class)
  void skipTrxInsertRefusedAfterItsDeleteCommittedIsPartial(RowTaking way) throws Exception {
    JdbcBinding provider = provider(way);
    // 5 rows: once each is deleted for good, the deletes find none and the iterations complete.
    loaded(5);
    refuseInserts("item");
    WorkloadOptions options =
        oltp(Variant.WRITE_ONLY, 5)
            .with(Oltp.INDEX_UPDATES, 0L)
            .with(Oltp.NON_INDEX_UPDATES, 0L)
            .withoutTransactions();
    WorkloadRun.Outcome o = outcome(provider, options, 1, 30, IsolationLevel.REPEATABLE_READ);
    System.out.println(provider.target() + " --skip-trx, inserts refused: " + o.describe());
    long lost = 5 - query("SELECT COUNT(*) FROM item");
    assertTrue(lost > 0, o.describe());
    assertEquals(lost, o.result().outcomes().errors(), o.describe());
    assertEquals(lost, o.result().outcomes().partialErrors(), o.describe());
    assertEquals(
        0, o.result().outcomes().retries(), o.describe()); // a partial iteration is never retried
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void skipTrxDeleteWhoseReplyIsLostLeavesTheIterationInDoubtAndVerifyAllowsForIt()
      throws Exception {
    loaded(100);
    WorkloadOptions options =
        oltp(Variant.WRITE_ONLY, 100)
            .with(Oltp.INDEX_UPDATES, 0L)
            .with(Oltp.NON_INDEX_UPDATES, 0L)
            .withoutTransactions();
    try (FaultProxy proxy = FaultProxy.cuttingAfterStatement(url(), "DELETE FROM item", 10, 2)) {
      // The server ran the delete and committed it; its insert was never sent.
      WorkloadRun.Outcome o =
          WorkloadRun.run(
              provider(), through(proxy, 1, IsolationLevel.REPEATABLE_READ), options, 50, false);
      System.out.println(
          provider().target() + " --skip-trx, 2 DELETE replies cut: " + o.describe());
      assertEquals(2, proxy.cuts());
      assertEquals(2, o.result().outcomes().inDoubt(), o.describe());
      long lost = 100 - query("SELECT COUNT(*) FROM item");
      assertTrue(lost >= 1 && lost <= 2, o.describe());
      assertTrue(o.verification().passed(), o.describe());
    }
  }

  @Test
  void tablesAreAllLoadedAndEachTransactionWritesOneOfThem() throws Exception {
    WorkloadOptions options = oltp(Variant.WRITE_ONLY, 200).with(ItemKind.TABLES, 3L);
    WorkloadRun.Outcome o = run(options, 4, 300, true, IsolationLevel.READ_COMMITTED);
    assertEquals(
        300, o.result().outcomes().iterations() + o.result().outcomes().errors(), o.describe());
    long updates = 0;
    for (String table : List.of("item", "item2", "item3")) {
      Figures f = figures(table);
      assertEquals(200, f.rows(), table);
      assertTrue(f.updates() > 0, table + " was not written to: " + f);
      updates += f.updates();
    }
    assertEquals(o.result().outcomes().iterations(), updates, o.describe());
    assertTrue(o.verification().passed(), o.describe());
    assertEquals(600L, o.verification().figures().get("rows"));
  }

  @Test
  void theOptionsChangeTheComposition() throws Exception {
    Figures before = loaded(500);
    WorkloadOptions options =
        oltp(Variant.READ_WRITE, 500)
            .with(Oltp.POINT_SELECTS, 0L)
            .with(Oltp.DISTINCT_RANGES, 2L)
            .with(Oltp.INDEX_UPDATES, 3L)
            .with(Oltp.NON_INDEX_UPDATES, 0L)
            .with(Oltp.DELETE_INSERTS, 2L);
    WorkloadRun.Outcome o = run(options, 1, 100, false, IsolationLevel.REPEATABLE_READ);
    assertEquals(100, o.result().outcomes().iterations(), o.describe());
    long lockingReads = deleteReturns(provider()) ? 0 : 2;
    // Reads: 1 simple, 1 sum, 1 order, 2 distinct ranges; writes: 3 updates, 2 deletes, 2 inserts.
    assertEquals(
        new Queries((5 + lockingReads) * 100, 7 * 100, 2 * 100), o.result().breakdown().queries());
    Figures after = figures("item");
    assertEquals(before.rows(), after.rows());
    assertEquals(before.kSum() + 300, after.kSum());
    assertEquals(before.updates(), after.updates());
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void verifyFindsARowChangedBehindTheRunsBack() throws Exception {
    loaded(200);
    WorkloadRun.Outcome o =
        outcomeWhile(
            oltp(Variant.WRITE_ONLY, 200),
            () -> changeARow("UPDATE item SET k = k + 5 WHERE id = 7"));
    assertFalse(o.verification().passed(), o.describe());
    assertTrue(o.verification().anomalies().get(0).contains("sum of k grew by"), o.describe());
  }

  @Test
  void verifyFindsARowDeletedBehindAReadOnlyRun() throws Exception {
    loaded(200);
    WorkloadRun.Outcome o =
        outcomeWhile(oltp(Variant.READ_ONLY, 200), () -> execute("DELETE FROM item WHERE id = 7"));
    assertFalse(o.verification().passed(), o.describe());
    assertTrue(o.verification().anomalies().get(0).contains("rows 200 -> 199"), o.describe());
  }

  /**
   * Runs {@code sql} until it changes a row: a concurrent delete+insert may have the row out for a
   * moment (at READ COMMITTED, PostgreSQL skips a row deleted while the update waited for it).
   */
  private void changeARow(String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url());
        Statement s = c.createStatement()) {
      for (int attempt = 0; attempt < 100 && s.executeUpdate(sql) == 0; attempt++) {
        // Again, once the delete+insert committed.
      }
    }
  }

  /** Loads {@code rows} rows in {@code item} (with one read-only transaction) and reads them. */
  private Figures loaded(long rows) throws Exception {
    run(oltp(Variant.READ_ONLY, rows), 1, 1, true, IsolationLevel.READ_COMMITTED);
    return figures("item");
  }

  /** {@code variant} on {@code tableSize} rows, seed 42, every other option at its default. */
  private static WorkloadOptions oltp(Variant variant, long tableSize) {
    return new WorkloadOptions(new Oltp(variant), 42, OptionValues.defaults())
        .with(ItemKind.TABLE_SIZE, tableSize);
  }

  /** A run of {@code iterations} on the data in place, through {@code provider}. */
  private WorkloadRun.Outcome outcome(
      TargetBinding provider,
      WorkloadOptions options,
      int threads,
      long iterations,
      IsolationLevel isolation)
      throws Exception {
    return WorkloadRun.run(provider, target(threads, isolation), options, iterations, false);
  }

  /** 2 workers for 200 transactions on the data in place, {@code meanwhile} done alongside. */
  private WorkloadRun.Outcome outcomeWhile(
      WorkloadOptions options, WorkloadRun.Disruption meanwhile) throws Exception {
    return WorkloadRun.run(
        provider(),
        target(2, IsolationLevel.READ_COMMITTED),
        options,
        forIterations(2, 200),
        false,
        meanwhile);
  }

  /** Whether the server, reached through {@code provider}, returns deleted rows. */
  private boolean deleteReturns(JdbcBinding provider) throws Exception {
    WorkloadOptions options = oltp(Variant.WRITE_ONLY, 1);
    try (JdbcTarget target =
        provider.open(target(1, IsolationLevel.READ_COMMITTED), options).target()) {
      return target.dialect().deleteReturns(target.serverVersion());
    }
  }

  /** A table's rows, sum of {@code k} and sum of update counters. */
  private record Figures(long rows, long kSum, long updates) {}

  private Figures figures(String table) throws SQLException {
    return new Figures(
        query("SELECT COUNT(*) FROM " + table),
        query("SELECT COALESCE(SUM(k), 0) FROM " + table),
        query("SELECT COALESCE(SUM(updates), 0) FROM " + table));
  }
}
