package io.txbench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.txbench.core.ErrorClass;
import io.txbench.core.Failure;
import io.txbench.core.Target;
import io.txbench.core.kinds.Airline;
import io.txbench.jdbc.IsolationLevel;
import io.txbench.jdbc.JdbcProvider;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.SqlWorkloadsContract;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The SQL contract on PostgreSQL (a schema per test), and PostgreSQL's own error codes. */
abstract class PostgresContract extends SqlWorkloadsContract {

  @Override
  protected JdbcProvider provider() {
    return new PostgresProvider();
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

  @Test
  void aRealSerializationFailureIsClassifiedRetryable() throws Exception {
    sql("CREATE TABLE " + schemaOf(url()) + ".counter (id INT PRIMARY KEY, n INT)");
    sql("INSERT INTO " + schemaOf(url()) + ".counter VALUES (1, 0)");
    try (Target target =
            provider()
                .open(target(2, IsolationLevel.REPEATABLE_READ), workload(Airline.NAME, 0, false));
        Connection a = ((JdbcTarget) target).connection();
        Connection b = ((JdbcTarget) target).connection();
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

  private static String schemaOf(String url) {
    return url.substring(url.indexOf("currentSchema=") + "currentSchema=".length());
  }
}
