package io.txbench.postgres.async;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** Where the event-loop client connects, read from the options PgJDBC is given. */
class AsyncPgClientTest {
  private static TargetOptions url(String url, @Nullable String user, String password) {
    return new TargetOptions(
        null,
        0,
        null,
        user,
        password.isEmpty() ? Secret.none() : Secret.of(password),
        url,
        1,
        1,
        Duration.ofSeconds(1),
        Duration.ofSeconds(1),
        OptionValues.defaults());
  }

  @Test
  void aJdbcUrlGivesItsServerDatabaseAndTheParametersBothClientsKnow() {
    PgEndpoint options =
        AsyncPgClient.endpoint(
            url(
                "jdbc:postgresql://db.example.com:6543/bench?user=alice&password=p%40ss"
                    + "&sslmode=disable&currentSchema=run_1&prepareThreshold=1",
                null, ""));
    assertEquals("db.example.com", options.host());
    assertEquals(6543, options.port());
    assertEquals("bench", options.database());
    assertEquals("alice", options.user());
    assertEquals("p@ss", options.password().reveal());
    assertEquals("disable", options.sslMode());
    assertEquals("run_1", options.parameters().get("search_path"));
    assertEquals(null, options.parameters().get("prepareThreshold"));
    // The run's isolation level (txbench's default), as PgJDBC's pool sets it on its connections.
    assertEquals("repeatable read", options.parameters().get("default_transaction_isolation"));
  }

  @Test
  void theUserAndPasswordGivenApartWinAndAUrlWithoutAPortTakesPostgresqls() {
    PgEndpoint options =
        AsyncPgClient.endpoint(url("jdbc:postgresql://localhost/test", "bob", "s3cret"));
    assertEquals(5432, options.port());
    assertEquals("test", options.database());
    assertEquals("bob", options.user());
    assertEquals("s3cret", options.password().reveal());
    assertEquals(null, options.parameters().get("search_path"));
  }

  @Test
  void aUrlOfWhatOnlyPgJdbcFollowsIsRefusedInWords() {
    for (String url :
        List.of(
            "jdbc:postgresql://primary:5432,standby:5432/bench?targetServerType=primary",
            "jdbc:postgresql:bench",
            "jdbc:postgresql://db/bench?options=-c%20statement_timeout%3D1000",
            "jdbc:postgresql://db/bench?sslrootcert=/etc/ca.pem&sslmode=verify-full",
            "jdbc:postgresql://db/bench?ssl")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> AsyncPgClient.checkUrl(url(url, null, "")));
      assertTrue(String.valueOf(e.getMessage()).endsWith("give --pg-client jdbc"), e.getMessage());
    }
    // A URL it cannot read, or with credentials before its host, is refused without echoing them.
    for (String url :
        List.of(
            "jdbc:postgresql://db/bench?user=x&password=a%q8secret",
            "jdbc:postgresql://x:secret@db/bench")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> AsyncPgClient.checkUrl(url(url, null, "")));
      assertFalse(String.valueOf(e.getMessage()).contains("secret"), e.getMessage());
      assertFalse(String.valueOf(e.getMessage()).contains("one server"), e.getMessage());
    }
    // What tunes PgJDBC alone, or an empty pair, says nothing to either client; no sslmode: prefer.
    PgEndpoint tuned =
        AsyncPgClient.endpoint(
            url("jdbc:postgresql://db/bench?prepareThreshold=0&&ApplicationName=x", null, ""));
    assertEquals("db", tuned.host());
    assertEquals("prefer", tuned.sslMode());
  }

  @Test
  void jdbcPlaceholdersAreNumberedAsTheProtocolNumbersThem() {
    assertEquals(
        "UPDATE item SET c = $1, updates = updates + 1 WHERE id BETWEEN $2 AND $3",
        AsyncPgConnection.numbered(
            "UPDATE item SET c = ?, updates = updates + 1 WHERE id BETWEEN ? AND ?"));
    assertEquals("SELECT 1", AsyncPgConnection.numbered("SELECT 1"));
    assertEquals(
        "SELECT 'why?', \"a?\", $x$?$x$, /* ? */ $1 FROM t WHERE c = 'it''s?' AND d = $2",
        AsyncPgConnection.numbered(
            "SELECT 'why?', \"a?\", $x$?$x$, /* ? */ ? FROM t WHERE c = 'it''s?' AND d = ?"));
  }
}
