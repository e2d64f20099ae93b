package io.txbench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.kinds.Airline;
import io.txbench.core.kinds.PointSelect;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.Target;
import io.txbench.jdbc.IsolationLevel;
import io.txbench.jdbc.JdbcBinding;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.SqlTelemetryContract;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The SQL contract on PostgreSQL (a schema per test), and PostgreSQL's own error codes. */
abstract class PostgresContract extends SqlTelemetryContract {

  @Override
  protected JdbcBinding provider() {
    return new PostgresBinding();
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
