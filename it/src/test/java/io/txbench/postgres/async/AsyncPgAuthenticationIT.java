package io.txbench.postgres.async;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.postgres.EmbeddedPostgresServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The event-loop client's own protocol code logs in as the server asks: SCRAM-SHA-256, MD5 and a
 * clear-text password, each required of one role by pg_hba.conf, against a real PostgreSQL; a wrong
 * password fails with the server's SQLSTATE and without the password in the message.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AsyncPgAuthenticationIT {
  private static final String PASSWORD = "s3cr:t@pw'\"";

  private EmbeddedPostgres postgres;

  @BeforeAll
  void start(@TempDir Path data) throws Exception {
    postgres = EmbeddedPostgresServer.builder().setDataDirectory(data.resolve("pg")).start();
    String quoted = "'" + PASSWORD.replace("'", "''") + "'";
    admin("CREATE ROLE by_scram LOGIN PASSWORD " + quoted);
    admin("SET password_encryption = 'md5'; CREATE ROLE by_md5 LOGIN PASSWORD " + quoted);
    admin("CREATE ROLE by_text LOGIN PASSWORD " + quoted);
    Path hba = data.resolve("pg").resolve("pg_hba.conf");
    Files.writeString(
        hba,
        "host all by_scram 127.0.0.1/32 scram-sha-256\n"
            + "host all by_md5 127.0.0.1/32 md5\n"
            + "host all by_text 127.0.0.1/32 password\n"
            + Files.readString(hba));
    admin("SELECT pg_reload_conf()");
  }

  @AfterAll
  void stop() throws Exception {
    postgres.close();
  }

  private void admin(String sql) throws SQLException {
    try (Connection c =
            DriverManager.getConnection(
                "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres?user=postgres");
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private TargetOptions as(String user, String password) {
    return new TargetOptions(
        "127.0.0.1",
        postgres.getPort(),
        "postgres",
        user,
        Secret.of(password),
        null,
        1,
        1,
        Duration.ofSeconds(10),
        Duration.ofMinutes(1),
        OptionValues.defaults());
  }

  /** Logs in as {@code user} and sends a query: the answer's first number. */
  private long loggedIn(String user, String password) throws Exception {
    try (AsyncPgClient client = AsyncPgClient.of(as(user, password))) {
      PgWire wire = client.connect().get(20, TimeUnit.SECONDS);
      try {
        java.util.concurrent.CompletableFuture<Long> answer =
            new java.util.concurrent.CompletableFuture<>();
        wire.simple(
            "SELECT 42",
            (a, failure) -> {
              if (a != null) {
                answer.complete(a.number(0));
              } else {
                answer.completeExceptionally(failure);
              }
            });
        return answer.get(20, TimeUnit.SECONDS);
      } finally {
        wire.close();
      }
    }
  }

  @Test
  void scramMd5AndAClearTextPasswordEachLogIn() throws Exception {
    assertEquals(42, loggedIn("by_scram", PASSWORD));
    assertEquals(42, loggedIn("by_md5", PASSWORD));
    assertEquals(42, loggedIn("by_text", PASSWORD));
  }

  @Test
  void aWrongPasswordFailsWithTheServersStateAndWithoutThePassword() {
    for (String user : new String[] {"by_scram", "by_md5", "by_text"}) {
      java.util.concurrent.ExecutionException e =
          assertThrows(
              java.util.concurrent.ExecutionException.class, () -> loggedIn(user, PASSWORD + "x"));
      SQLException cause = assertInstanceOf(SQLException.class, e.getCause());
      assertEquals("28P01", cause.getSQLState(), user + ": " + cause);
      assertFalse(String.valueOf(cause.getMessage()).contains(PASSWORD), cause.getMessage());
    }
  }
}
