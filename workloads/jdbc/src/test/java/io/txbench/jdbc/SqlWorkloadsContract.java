package io.txbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.IsolationLevel;
import io.txbench.core.MongoOptions;
import io.txbench.core.Secret;
import io.txbench.core.SetupException;
import io.txbench.core.TargetOptions;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.WorkloadRun;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The four workloads against a real SQL server, each test in a namespace of its own (a schema, or
 * a database). Subclasses say where the server is and how to make a namespace; every assertion
 * reads the effects back from the database.
 */
public abstract class SqlWorkloadsContract {
  private String schema;
  private String url;

  /** The provider under test. */
  protected abstract JdbcProvider provider();

  /** A JDBC URL of the server under test, with credentials. */
  protected abstract String serverUrl();

  /** Creates an empty namespace (schema or database) and returns a JDBC URL that uses it. */
  protected abstract String createNamespace(String name) throws SQLException;

  /** Drops a namespace made by {@link #createNamespace}. */
  protected abstract void dropNamespace(String name) throws SQLException;

  /** The URL parameter that turns TLS off, so that the fault proxy can read the requests. */
  protected abstract String plainTextParameter();

  /** The isolation level under which the airline must keep every invariant on this server. */
  protected IsolationLevel strictIsolation() {
    return IsolationLevel.REPEATABLE_READ;
  }

  @BeforeEach
  void createSchema() throws SQLException {
    schema = "txbench_it_" + UUID.randomUUID().toString().substring(0, 8);
    url = createNamespace(schema);
  }

  @AfterEach
  void dropSchema() throws SQLException {
    dropNamespace(schema);
  }

  /** A URL of the current test's namespace. */
  protected String url() {
    return url;
  }

  /** Runs one statement on the server URL (outside the test's namespace). */
  protected void sql(String statement) throws SQLException {
    try (Connection c = DriverManager.getConnection(serverUrl());
        Statement s = c.createStatement()) {
      s.execute(statement);
    }
  }

  protected long query(String sql) throws SQLException {
    return TestSql.query(url(), sql);
  }

  protected TargetOptions target(int connections, IsolationLevel isolation) {
    return new TargetOptions(null, 0, null, null, Secret.none(), url(), connections, connections,
        Duration.ofSeconds(10), Duration.ofMinutes(10), isolation, MongoOptions.defaults());
  }

  /** The same target reached through {@code proxy}, in plain text. */
  protected TargetOptions through(FaultProxy proxy, int connections, IsolationLevel isolation) {
    String proxied = proxy.rewrite(url()) + (url().contains("?") ? "&" : "?")
        + plainTextParameter();
    return new TargetOptions(null, 0, null, null, Secret.none(), proxied, connections,
        connections, Duration.ofSeconds(10), Duration.ofMinutes(10), isolation,
        MongoOptions.defaults());
  }

  protected static WorkloadOptions workload(String name, long tableSize, boolean noTransaction) {
    return new WorkloadOptions(name, tableSize, 42, 1, Duration.ZERO, noTransaction);
  }

  private WorkloadRun.Outcome run(WorkloadOptions options, int threads, long iterations,
      boolean prepare, IsolationLevel isolation) throws Exception {
    return WorkloadRun.run(provider(), target(threads, isolation), options, iterations, prepare);
  }

  @Test
  void airlineBooksExactlyOneSeatAndOnePaymentPerCommittedIteration() throws Exception {
    WorkloadRun.Outcome o = run(workload(WorkloadOptions.AIRLINE, 0, false), 4, 400, true,
        strictIsolation());
    assertEquals(400, o.result().iterations());
    assertEquals(0, o.result().errors());
    assertEquals(15_000, query("SELECT COUNT(*) FROM schedule"));
    assertEquals(200, query("SELECT COUNT(*) FROM aircraft"));
    assertEquals(400, query("SELECT COUNT(*) FROM seat"));
    assertEquals(400, query("SELECT COUNT(*) FROM payment"));
    assertEquals(400, query("SELECT SUM(seats_occupied) FROM audit"));
    assertEquals(0, query("SELECT COUNT(*) FROM payment WHERE amount <= 0"));
    assertTrue(o.verification().passed(), o.verification().anomalies().toString());
    assertEquals(400L, o.verification().figures().get("seats_booked"));
  }

  @Test
  void airlineOnExistingDataWithSkipSetupAddsToIt() throws Exception {
    run(workload(WorkloadOptions.AIRLINE, 0, false), 2, 100, true, strictIsolation());
    WorkloadRun.Outcome second = run(workload(WorkloadOptions.AIRLINE, 0, true), 2, 150, false,
        IsolationLevel.READ_COMMITTED);
    assertEquals(150, second.result().iterations());
    assertEquals(250, query("SELECT COUNT(*) FROM seat"));
    assertEquals(250, query("SELECT COUNT(DISTINCT seat_id) FROM seat"));
    assertEquals(150L, second.verification().figures().get("seats_booked"));
  }

  @Test
  void pointSelectReadsWithoutChangingAnything() throws Exception {
    WorkloadRun.Outcome o = run(workload(WorkloadOptions.POINT_SELECT, 2_000, false), 4, 1_000, true,
        IsolationLevel.REPEATABLE_READ);
    assertEquals(1_000, o.result().iterations());
    assertEquals(0, o.result().errors());
    assertEquals(2_000, query("SELECT COUNT(*) FROM item"));
    assertEquals(0, query("SELECT SUM(updates) FROM item"));
    assertEquals(120, query("SELECT MIN(LENGTH(c)) FROM item"));
    assertTrue(o.verification().passed(), o.verification().anomalies().toString());
  }

  @Test
  void insertAddsOneRowPerIterationAndIdsNeverCollideAcrossRuns() throws Exception {
    WorkloadRun.Outcome first = run(workload(WorkloadOptions.INSERT, 1_000, false), 4, 300, true,
        IsolationLevel.REPEATABLE_READ);
    WorkloadRun.Outcome second = run(workload(WorkloadOptions.INSERT, 1_000, false), 4, 300, false,
        IsolationLevel.REPEATABLE_READ);
    assertEquals(300, first.result().iterations());
    assertEquals(300, second.result().iterations());
    assertEquals(0, second.result().errors());
    assertEquals(1_600, query("SELECT COUNT(*) FROM item"));
    assertEquals(1_600, query("SELECT COUNT(DISTINCT id) FROM item"));
    assertEquals(1_600, query("SELECT MAX(id) FROM item"));
    assertTrue(second.verification().passed(), second.verification().anomalies().toString());
    assertEquals(300L, second.verification().figures().get("inserted"));
  }

  @Test
  void updateChangesOneRowPerCommittedIteration() throws Exception {
    WorkloadRun.Outcome o = run(workload(WorkloadOptions.UPDATE, 50, false), 8, 2_000, true,
        IsolationLevel.REPEATABLE_READ);
    // 8 workers on 50 rows collide: REPEATABLE READ aborts some, and the runner retries them.
    assertEquals(2_000, o.result().iterations() + o.result().errors());
    assertEquals(o.result().iterations(), query("SELECT SUM(updates) FROM item"));
    assertEquals(50, query("SELECT COUNT(*) FROM item"));
    assertTrue(o.verification().passed(), o.verification().anomalies().toString());
  }

  @Test
  void prepareRefusesATableItDidNotCreateAndLeavesItAlone() throws Exception {
    sql("CREATE TABLE " + schema + ".item (id INT PRIMARY KEY, note TEXT)");
    sql("INSERT INTO " + schema + ".item VALUES (1, 'precious')");
    SetupException e = assertThrows(SetupException.class, () ->
        run(workload(WorkloadOptions.POINT_SELECT, 100, false), 1, 1, true,
            IsolationLevel.REPEATABLE_READ));
    assertTrue(e.getMessage().contains("'item'"), e.getMessage());
    assertEquals(1, query("SELECT COUNT(*) FROM item WHERE note = 'precious'"));
  }

  @Test
  void skipSetupWithoutDataSaysWhatToDo() {
    SetupException e = assertThrows(SetupException.class, () ->
        run(workload(WorkloadOptions.UPDATE, 100, false), 1, 1, false,
            IsolationLevel.REPEATABLE_READ));
    assertTrue(e.getMessage().toLowerCase(Locale.ROOT).contains("without --skip-setup"),
        e.getMessage());
  }

  @Test
  void aCommitWhoseReplyIsLostIsInDoubtAndVerifyAccountsForIt() throws Exception {
    run(workload(WorkloadOptions.AIRLINE, 0, false), 1, 1, true, strictIsolation());
    long seatsBefore = query("SELECT COUNT(*) FROM seat");
    try (FaultProxy proxy = FaultProxy.cuttingAfterCommit(url(), 25, 3)) {
      WorkloadRun.Outcome o = WorkloadRun.run(provider(), through(proxy, 4, strictIsolation()),
          workload(WorkloadOptions.AIRLINE, 0, false), 300, false);
      System.out.println(provider().target() + " with 3 COMMIT replies cut: " + o.describe());
      assertEquals(3, proxy.cuts());
      assertEquals(3, o.result().inDoubt(), o.describe());
      assertEquals(0, o.result().errors(), o.describe());
      long held = query("SELECT COUNT(*) FROM seat") - seatsBefore - o.result().iterations();
      assertTrue(held >= 0 && held <= 3, "held " + held);
      assertEquals(query("SELECT COUNT(*) FROM seat"), query("SELECT COUNT(*) FROM payment"));
      assertTrue(o.verification().passed(), o.describe());
      assertEquals(java.util.List.of("3 in doubt: the server holds " + held + " of them"),
          o.verification().notes());
    }
  }

  @Test
  void anAutocommitWriteWhoseReplyIsLostIsInDoubt() throws Exception {
    run(workload(WorkloadOptions.INSERT, 1_000, false), 1, 1, true, strictIsolation());
    try (FaultProxy proxy = FaultProxy.cuttingAfterStatement(url(), "INSERT INTO item", 40,
        3)) {
      WorkloadRun.Outcome o = WorkloadRun.run(provider(), through(proxy, 4, strictIsolation()),
          workload(WorkloadOptions.INSERT, 1_000, false), 400, false);
      System.out.println(provider().target() + " with 3 INSERT replies cut: " + o.describe());
      assertEquals(3, proxy.cuts());
      assertEquals(3, o.result().inDoubt(), o.describe());
      long inserted = query("SELECT COUNT(*) FROM item") - 1_001;
      assertTrue(inserted >= o.result().iterations()
          && inserted <= o.result().iterations() + 3, o.describe());
      assertTrue(o.verification().passed(), o.describe());
    }
  }

  @Test
  void withoutATransactionALostReplyMidIterationLeavesItsCommittedStepsAccountedFor()
      throws Exception {
    run(workload(WorkloadOptions.AIRLINE, 0, true), 1, 1, true, strictIsolation());
    try (FaultProxy proxy = FaultProxy.cuttingAfterStatement(url(), "INSERT INTO payment", 30,
        2)) {
      // The seat committed, the payment was sent and its reply lost, the audit never sent.
      // One worker: without a transaction, concurrent buyers would repeat seat numbers.
      WorkloadRun.Outcome o = WorkloadRun.run(provider(), through(proxy, 1, strictIsolation()),
          workload(WorkloadOptions.AIRLINE, 0, true), 100, false);
      System.out.println(provider().target() + " without transactions, 2 payment replies cut: "
          + o.describe());
      assertEquals(2, o.result().inDoubt(), o.describe());
      assertEquals(0, o.result().retries(), o.describe());
      long seats = query("SELECT COUNT(*) FROM seat") - 1;
      assertEquals(o.result().iterations() + 2, seats, o.describe());
      long audits = query("SELECT SUM(seats_occupied) FROM audit") - 1;
      assertEquals(o.result().iterations(), audits, o.describe());
      assertTrue(o.verification().passed(), o.describe());
    }
  }
}
