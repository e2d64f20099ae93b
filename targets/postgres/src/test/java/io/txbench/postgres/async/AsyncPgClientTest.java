package io.txbench.postgres.async;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import java.time.Duration;
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
  void jdbcPlaceholdersAreNumberedAsTheProtocolNumbersThem() {
    assertEquals(
        "UPDATE item SET c = $1, updates = updates + 1 WHERE id BETWEEN $2 AND $3",
        AsyncPgConnection.numbered(
            "UPDATE item SET c = ?, updates = updates + 1 WHERE id BETWEEN ? AND ?"));
    assertEquals("SELECT 1", AsyncPgConnection.numbered("SELECT 1"));
  }
}
