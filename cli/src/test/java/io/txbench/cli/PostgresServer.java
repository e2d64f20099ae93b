package io.txbench.cli;

import io.txbench.postgres.EmbeddedPostgresServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * A real PostgreSQL for a class of command-line tests, started before them and stopped after;
 * without autovacuum, whose transactions a busy machine's slow runs met in the commit check (CliIT
 * read "Server says 116 commits, txbench counted 100" beside stress-ng: 7 autovacuum runs).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PostgresServer {
  EmbeddedPostgres postgres;

  @BeforeAll
  void startPostgres() throws IOException {
    postgres = EmbeddedPostgresServer.builder().setServerConfig("autovacuum", "off").start();
  }

  @AfterAll
  void stopPostgres() throws IOException {
    postgres.close();
  }

  /** The JDBC URL of {@code database} on it, as the superuser. */
  String url(String database) {
    return "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + database + "?user=postgres";
  }

  /** The first column of the first row of {@code sql} in {@code database}. */
  long query(String database, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url(database));
        Statement s = c.createStatement();
        java.sql.ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  void createDatabase(String name) throws SQLException {
    try (Connection c = DriverManager.getConnection(url("postgres"));
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    }
  }
}
