package io.txbench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.server.CommitCounter;
import io.txbench.core.spi.server.CommitReading;
import io.txbench.core.spi.server.ServerTelemetry;
import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.PointSelect;
import io.txbench.jdbc.JdbcBinding;
import io.txbench.jdbc.SqlTelemetryContract;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.client.JdbcTarget;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The SQL contract on PostgreSQL (a schema per test), and PostgreSQL's own error codes. */
abstract class PostgresContract extends SqlTelemetryContract {
  /** The sessions on the test's database but the asking one. */
  private static final String OTHER_SESSIONS =
      "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
          + " AND backend_type = 'client backend' AND pid <> pg_backend_pid()";

  @Override
  protected JdbcBinding provider() {
    return new PostgresBinding();
  }

  @Override
  protected String pgbenchInit() {
    return "../docs/scripts/pgbench-init-postgres.sql";
  }

  /** pgbench's own, unchanged. */
  @Override
  protected String tpcbLike() {
    return "../docs/scripts/pgbench/tpcb-like.sql";
  }

  @Override
  protected String plainTextParameter() {
    return "sslmode=disable";
  }

  @Override
  protected String createNamespace(String name) throws SQLException {
    sql("CREATE SCHEMA " + name);
    return serverUrl() + (serverUrl().contains("?") ? "&" : "?") + "currentSchema=" + name;
  }

  @Override
  protected void dropNamespace(String name) throws SQLException {
    sql("DROP SCHEMA " + name + " CASCADE");
  }

  @Override
  protected void refuseInserts(String table) throws SQLException {
    execute(
        "CREATE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql"
            + " AS $$ BEGIN RAISE EXCEPTION 'inserts refused'; END $$");
    execute(
        "CREATE TRIGGER refuse_insert BEFORE INSERT ON "
            + table
            + " FOR EACH ROW EXECUTE FUNCTION refuse_insert()");
  }

  /** A sequence counts the inserts: its {@code nextval} is kept when the insert fails. */
  @Override
  protected void failFirstInsertRetryably(String table) throws SQLException {
    execute("CREATE SEQUENCE inserts_tried");
    execute(
        "CREATE FUNCTION fail_first_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            + " IF nextval('inserts_tried') = 1 THEN"
            + " RAISE EXCEPTION 'first insert refused' USING ERRCODE = '40001'; END IF;"
            + " RETURN NEW; END $$");
    execute(
        "CREATE TRIGGER fail_first_insert BEFORE INSERT ON "
            + table
            + " FOR EACH ROW EXECUTE FUNCTION fail_first_insert()");
  }

  /**
   * Index and sequential scans of {@code item}, one per SELECT of txbench's (each reads the table
   * once). A session publishes its counts when it ends (since PostgreSQL 15, before it leaves
   * pg_stat_activity): once no other session is left on the database, every one is in.
   */
  @Override
  protected long serverSelects() throws SQLException {
    try (Connection c = DriverManager.getConnection(url());
        Statement s = c.createStatement()) {
      for (int polls = 0; count(s, OTHER_SESSIONS) > 0; polls++) {
        assertTrue(polls < 6_000, "sessions still open on the database after the run");
        Thread.sleep(10); // a session's end takes the server a moment after the client closes
      }
      return count(
          s,
          "SELECT seq_scan + coalesce(idx_scan, 0) FROM pg_stat_user_tables"
              + " WHERE relid = 'item'::regclass");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while waiting for the sessions to end", e);
    }
  }

  /** The first column of the one row {@code sql} returns, in a transaction of its own. */
  private static long count(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void aRealSerializationFailureIsClassifiedRetryable() throws Exception {
    sql("CREATE TABLE " + schemaOf(url()) + ".counter (id INT PRIMARY KEY, n INT)");
    sql("INSERT INTO " + schemaOf(url()) + ".counter VALUES (1, 0)");
    try (JdbcTarget target =
            provider()
                .open(target(2, IsolationLevel.REPEATABLE_READ), workload(Airline.NAME, 0, false))
                .target();
        Connection a = target.connection();
        Connection b = target.connection();
        Statement sa = a.createStatement();
        Statement sb = b.createStatement()) {
      sa.executeQuery("SELECT n FROM counter").close();
      sb.executeQuery("SELECT n FROM counter").close();
      sb.executeUpdate("UPDATE counter SET n = n + 1 WHERE id = 1");
      b.commit();
      SQLException e =
          assertThrows(
              SQLException.class,
              () -> sa.executeUpdate("UPDATE counter SET n = n + 1 WHERE id = 1"));
      a.rollback();
      assertEquals(Failure.retryable(ErrorClass.SERIALIZATION), target.classify(e));
    }
  }

  /**
   * A database's own limits, set mid-run ({@code ALTER DATABASE ... SET statement_timeout}), reach
   * the workers' new sessions, never txbench's control session (prepare, verify), which sets its
   * own.
   */
  @Test
  void theControlSessionKeepsItsOwnTimeoutsWhateverTheDatabaseSets() throws Exception {
    String database;
    try (Connection c = DriverManager.getConnection(serverUrl());
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT current_database()")) {
      rs.next();
      database = rs.getString(1);
    }
    // Limits no setup statement of the workers' pool comes near, even on a slow machine (1 ms
    // cancelled one there), which the control session would still fail under.
    unlimited(
        "ALTER DATABASE \"" + database + "\" SET statement_timeout = '1s'",
        "ALTER DATABASE \"" + database + "\" SET lock_timeout = '1s'");
    try (JdbcTarget target =
            provider()
                .open(
                    target(1, IsolationLevel.READ_COMMITTED), workload(PointSelect.NAME, 1, false))
                .target();
        Connection control = target.controlConnection();
        Statement s = control.createStatement()) {
      for (String setting : List.of("statement_timeout", "lock_timeout")) {
        try (ResultSet rs = s.executeQuery("SHOW " + setting)) {
          rs.next();
          assertEquals("0", rs.getString(1), setting);
        }
      }
      try (ResultSet rs = s.executeQuery("SELECT pg_sleep(1.1), 1")) {
        assertTrue(rs.next());
      }
    } finally {
      unlimited(
          "ALTER DATABASE \"" + database + "\" RESET statement_timeout",
          "ALTER DATABASE \"" + database + "\" RESET lock_timeout");
    }
  }

  /** Runs {@code statements} on a session of its own limits, whatever the database sets. */
  private void unlimited(String... statements) throws SQLException {
    java.util.Properties unlimited = new java.util.Properties();
    unlimited.setProperty("options", "-c statement_timeout=0 -c lock_timeout=0");
    try (Connection c = DriverManager.getConnection(serverUrl(), unlimited);
        Statement s = c.createStatement()) {
      for (String statement : statements) {
        s.execute(statement);
      }
    }
  }

  /**
   * Telemetry's connection, lost before a run (a restart in the warm-up) and opened again, commits
   * nothing in the run that txbench does not count as its own. PgJDBC looked up the type of
   * pg_stat_force_next_flush()'s void column with two queries of its own on a new connection's
   * first read, which the cross-check reported as commits it could not explain.
   */
  @Test
  void telemetryOnANewConnectionCommitsNothingTheCrossCheckCannotExplain() throws Exception {
    try (JdbcTarget target =
            provider()
                .open(
                    target(1, IsolationLevel.READ_COMMITTED), workload(PointSelect.NAME, 1, false))
                .target();
        ServerTelemetry<?> telemetry = target.telemetry().orElseThrow()) {
      telemetry.read();
      // The pool's one connection publishes its login's commit: nothing left for settle to await.
      try (Connection worker = target.connection();
          Statement s = worker.createStatement()) {
        worker.setAutoCommit(true);
        s.execute(target.publisher().statement().orElseThrow());
      }
      assertEquals(
          1,
          query(
              "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                  + " WHERE pid <> pg_backend_pid() AND query LIKE '%FROM pg_stat_database%'"),
          "telemetry's session");
      CommitCounter<?> counter = telemetry.commits().orElseThrow();
      CommitReading before = counter.settle(PostgresContract::sleep);
      telemetry.read(); // the new connection's first read of the counters
      CommitReading after = counter.settle(PostgresContract::sleep);
      assertEquals(
          after.ownCommits() - before.ownCommits(),
          after.committed() - before.committed(),
          before + " then " + after);
      assertTrue(before.waited().isZero(), "waited for a session of txbench's: " + before);
    }
  }

  private static boolean sleep(java.time.Duration d) {
    try {
      Thread.sleep(d.toMillis());
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Test
  void aWorkerConnectionNotHadInTimeNamesTheOptionThatAllowsLonger() throws Exception {
    TargetOptions one = target(1, IsolationLevel.READ_COMMITTED);
    TargetOptions impatient =
        new TargetOptions(
            one.host(),
            one.port(),
            one.database(),
            one.user(),
            one.password(),
            one.url(),
            1,
            1,
            java.time.Duration.ofMillis(300),
            one.connectionIdleTimeout(),
            one.declared());
    try (JdbcTarget target =
            provider().open(impatient, workload(PointSelect.NAME, 1, false)).target();
        Connection held = target.connection()) {
      SQLException e = assertThrows(SQLException.class, target::connection);
      assertTrue(
          String.valueOf(e.getMessage()).endsWith("(--connection-wait-timeout allows longer)"),
          e.getMessage());
      assertTrue(held.isValid(1));
    }
  }

  @Test
  void theSettingsThatDecideResultsAreReadAsTheServerShowsThem() throws Exception {
    try (Target target =
        provider()
            .open(target(1, IsolationLevel.READ_COMMITTED), workload(PointSelect.NAME, 1, false))
            .target()) {
      Map<String, String> s = target.serverSettings();
      assertEquals(
          List.of(
              "server_version",
              "shared_buffers",
              "synchronous_commit",
              "fsync",
              "max_connections",
              "wal_level"),
          List.copyOf(s.keySet()),
          s.toString());
      assertTrue(
          target
              .serverVersion()
              .startsWith("PostgreSQL " + String.valueOf(s.get("server_version")).split(" ")[0]),
          s + " vs " + target.serverVersion());
      // As SHOW says it, with its unit, not pg_settings' count of 8kB pages.
      assertTrue(
          String.valueOf(s.get("shared_buffers")).matches("\\d+(kB|MB|GB|TB)"), s.toString());
      assertTrue(
          Set.of("on", "off", "local", "remote_write", "remote_apply")
              .contains(s.get("synchronous_commit")),
          s.toString());
      assertTrue(Set.of("on", "off").contains(s.get("fsync")), s.toString());
      assertTrue(Integer.parseInt(s.get("max_connections")) > 0, s.toString());
      assertTrue(
          Set.of("minimal", "replica", "logical").contains(s.get("wal_level")), s.toString());
    }
  }

  private static String schemaOf(String url) {
    return url.substring(url.indexOf("currentSchema=") + "currentSchema=".length());
  }
}
