package io.txbench.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.PointSelect;
import io.txbench.core.workloads.Update;
import io.txbench.jdbc.JdbcBinding;
import io.txbench.jdbc.SqlTelemetryContract;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.client.JdbcTarget;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The SQL contract on MySQL or MariaDB (a database per test), and their own error codes. */
abstract class MySqlContract extends SqlTelemetryContract {

  /** The server's base URL without a database: {@code jdbc:mysql://host:port/}. */
  protected abstract String baseUrl();

  /** The query string with the credentials, e.g. {@code user=root}. */
  protected abstract String credentials();

  @Override
  protected String pgbenchInit() {
    return "../docs/scripts/pgbench-init-mariadb.sql";
  }

  @Override
  protected String tpcbLike() {
    return "../docs/scripts/tpcb-like-mysql.sql";
  }

  @Override
  protected JdbcBinding provider() {
    return new MySqlBinding();
  }

  @Override
  protected String serverUrl() {
    return baseUrl() + "?" + credentials();
  }

  @Override
  protected String plainTextParameter() {
    return "sslMode=DISABLED";
  }

  @Override
  protected String createNamespace(String name) throws SQLException {
    sql("CREATE DATABASE " + name);
    return baseUrl() + name + "?" + credentials();
  }

  @Override
  protected void dropNamespace(String name) throws SQLException {
    sql("DROP DATABASE " + name);
  }

  /**
   * In the class of a constraint violation: MariaDB Connector/J reads the usual 45000 of a user's
   * error as a lost connection (SQLTransientConnectionException).
   */
  @Override
  protected void refuseInserts(String table) throws SQLException {
    execute(
        "CREATE TRIGGER refuse_insert BEFORE INSERT ON "
            + table
            + " FOR EACH ROW SIGNAL SQLSTATE '23000' SET MESSAGE_TEXT = 'inserts refused'");
  }

  /**
   * A MyISAM table counts the inserts tried: it keeps its row when the insert fails. The error is
   * InnoDB's deadlock, 1213, which does not roll the transaction back here: the session must.
   */
  @Override
  protected void failFirstInsertRetryably(String table) throws SQLException {
    execute("CREATE TABLE inserts_tried (n INT) ENGINE=MyISAM");
    execute(
        "CREATE TRIGGER fail_first_insert BEFORE INSERT ON "
            + table
            + " FOR EACH ROW BEGIN"
            + " IF (SELECT COUNT(*) FROM inserts_tried) = 0 THEN"
            + " INSERT INTO inserts_tried VALUES (1);"
            + " SIGNAL SQLSTATE '40001' SET MYSQL_ERRNO = 1213,"
            + " MESSAGE_TEXT = 'first insert refused'; END IF; END");
  }

  /**
   * The SELECTs on {@code item} every session ran, from the server's general log (on from the first
   * call, off after each test). Not {@code Com_select}: that counts every SELECT, HikariCP's check
   * of a connection idle for half a second ({@code SELECT 1}) too, which a busy machine makes now
   * and then, so two runs would differ by more than their transactions.
   */
  @Override
  protected long serverSelects() throws SQLException {
    try (Connection c = java.sql.DriverManager.getConnection(serverUrl());
        Statement s = c.createStatement()) {
      s.execute("SET GLOBAL log_output = 'TABLE'");
      s.execute("SET GLOBAL general_log = 1");
      try (java.sql.ResultSet rs =
          s.executeQuery(
              "SELECT COUNT(*) FROM mysql.general_log"
                  + " WHERE command_type IN ('Query', 'Execute')"
                  + " AND CONVERT(argument USING utf8mb4) REGEXP '^[[:space:]]*SELECT .*FROM item( |$)'"
                  + " AND CONVERT(argument USING utf8mb4) NOT LIKE '%general_log%'")) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  @AfterEach
  void generalLogOff() throws SQLException {
    try (Connection c = java.sql.DriverManager.getConnection(serverUrl());
        Statement s = c.createStatement()) {
      s.execute("SET GLOBAL general_log = 0");
      s.execute("TRUNCATE TABLE mysql.general_log");
    }
  }

  @Test
  void theSummaryNamesTheProductAndVersion() throws Exception {
    try (Target target =
        provider()
            .open(target(1, IsolationLevel.REPEATABLE_READ), workload(PointSelect.NAME, 1, false))
            .target()) {
      assertTrue(
          target.serverVersion().matches("(MySQL|MariaDB) \\d+\\.\\d+.*"), target.serverVersion());
    }
  }

  @Test
  void theSettingsThatDecideResultsAreReadGlobally() throws Exception {
    try (Target target =
        provider()
            .open(target(1, IsolationLevel.READ_COMMITTED), workload(PointSelect.NAME, 1, false))
            .target()) {
      Map<String, String> s = target.serverSettings();
      List<String> names = List.copyOf(s.keySet());
      // The isolation by the name this server gives it: tx_isolation before MariaDB 11.1.
      String isolation = names.get(names.size() - 1);
      assertEquals(
          List.of(
              "version",
              "innodb_buffer_pool_size",
              "innodb_flush_log_at_trx_commit",
              "sync_binlog",
              isolation),
          names,
          s.toString());
      assertTrue(Set.of("transaction_isolation", "tx_isolation").contains(isolation), s.toString());
      String version = Objects.requireNonNull(s.get("version"), "listed above");
      assertTrue(
          target.serverVersion().endsWith(" " + version.replaceFirst("-.*", "")),
          version + " vs " + target.serverVersion());
      assertTrue(Long.parseLong(s.get("innodb_buffer_pool_size")) > 0, s.toString());
      assertTrue(
          Set.of("0", "1", "2").contains(s.get("innodb_flush_log_at_trx_commit")), s.toString());
      assertTrue(Long.parseLong(s.get("sync_binlog")) >= 0, s.toString());
      // The server's default, whatever the driver set on this target's sessions.
      try (Connection c = java.sql.DriverManager.getConnection(serverUrl());
          Statement st = c.createStatement();
          java.sql.ResultSet rs = st.executeQuery("SELECT @@GLOBAL." + isolation)) {
        rs.next();
        assertEquals(rs.getString(1), s.get(isolation));
      }
      assertTrue(
          Set.of("READ-UNCOMMITTED", "READ-COMMITTED", "REPEATABLE-READ", "SERIALIZABLE")
              .contains(s.get(isolation)),
          s.toString());
    }
  }

  @Test
  void aRealDeadlockIsClassifiedRetryable() throws Exception {
    sql("CREATE TABLE " + currentDatabase() + ".pair (id INT PRIMARY KEY, n INT)");
    sql("INSERT INTO " + currentDatabase() + ".pair VALUES (1, 0), (2, 0)");
    try (JdbcTarget target =
            provider()
                .open(target(2, IsolationLevel.REPEATABLE_READ), workload(Airline.NAME, 0, false))
                .target();
        Connection a = target.connection();
        Connection b = target.connection();
        Statement sa = a.createStatement();
        Statement sb = b.createStatement()) {
      sa.executeUpdate("UPDATE pair SET n = 1 WHERE id = 1");
      sb.executeUpdate("UPDATE pair SET n = 1 WHERE id = 2");
      CompletableFuture<SQLException> first =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  sa.executeUpdate("UPDATE pair SET n = 2 WHERE id = 2");
                  return null;
                } catch (SQLException e) {
                  return e;
                }
              });
      Thread.sleep(300);
      SQLException second = null;
      try {
        sb.executeUpdate("UPDATE pair SET n = 2 WHERE id = 1");
      } catch (SQLException e) {
        second = e;
      }
      SQLException deadlock = second != null ? second : first.get(30, TimeUnit.SECONDS);
      assertEquals(1213, deadlock.getErrorCode());
      assertEquals(Failure.retryable(ErrorClass.DEADLOCK), target.classify(deadlock));
      a.rollback();
      b.rollback();
      first.get(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void aRunAskedToUseTlsUsesIt() throws Exception {
    String tlsUrl = url() + "&sslMode=REQUIRED";
    try (Connection c = java.sql.DriverManager.getConnection(serverUrl());
        Statement s = c.createStatement();
        java.sql.ResultSet rs = s.executeQuery("SHOW VARIABLES LIKE 'have_ssl'")) {
      org.junit.jupiter.api.Assumptions.assumeTrue(
          rs.next() && "YES".equals(rs.getString(2)), "this server has no TLS");
    }
    io.txbench.core.spi.TargetOptions target =
        new io.txbench.core.spi.TargetOptions(
            null,
            0,
            null,
            null,
            io.txbench.core.spi.values.Secret.none(),
            tlsUrl,
            2,
            2,
            java.time.Duration.ofSeconds(10),
            java.time.Duration.ofMinutes(10),
            OptionValues.of(IsolationLevel.OPTION, IsolationLevel.REPEATABLE_READ));
    WorkloadOptions options = workload(Update.NAME, 100, false);
    assertEquals(
        100,
        io.txbench.core.run.WorkloadRun.run(provider(), target, options, 100, true)
            .result()
            .outcomes()
            .iterations());
    try (JdbcTarget opened = provider().open(target, options).target();
        Connection c = opened.connection();
        Statement s = c.createStatement();
        java.sql.ResultSet rs = s.executeQuery("SHOW SESSION STATUS LIKE 'Ssl_cipher'")) {
      assertTrue(rs.next() && !rs.getString(2).isEmpty(), "the connection is not encrypted");
    }
  }

  private String currentDatabase() {
    String url = url();
    return url.substring(baseUrl().length(), url.indexOf('?'));
  }
}
