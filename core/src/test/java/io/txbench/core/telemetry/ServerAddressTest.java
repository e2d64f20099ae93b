package io.txbench.core.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** Where a run ran, as its summary records it. */
class ServerAddressTest {
  private static TargetOptions options(@Nullable String host, int port, @Nullable String url) {
    return new TargetOptions(
        host,
        port,
        "postgres",
        "postgres",
        Secret.of("pw-never-shown"),
        url,
        1,
        4,
        Duration.ofSeconds(5),
        Duration.ofSeconds(60),
        OptionValues.defaults());
  }

  @Test
  void aNamedOrFoundServerIsItsHostAndPort() {
    assertEquals("127.0.0.1:5432", ServerAddress.of(options("127.0.0.1", 5432, null), null));
  }

  @Test
  void anEmbeddedServerSaysWhatTxbenchStartedAndWhere() {
    EmbeddedServer embedded =
        new EmbeddedServer() {
          @Override
          public String host() {
            return "localhost";
          }

          @Override
          public int port() {
            return 39211;
          }

          @Override
          public String user() {
            return "postgres";
          }

          @Override
          public String database() {
            return "postgres";
          }

          @Override
          public String kind() {
            return "embedded PostgreSQL";
          }

          @Override
          public String description() {
            return "an embedded PostgreSQL";
          }

          @Override
          public void close() {}
        };
    assertEquals(
        "embedded PostgreSQL on localhost:39211",
        ServerAddress.of(options("localhost", 39211, null), embedded));
  }

  @Test
  void aUrlGivesItsHostsWithoutCredentials() {
    assertEquals(
        "db.example:5433",
        ServerAddress.of(
            options(
                null,
                5432,
                "jdbc:postgresql://db.example:5433/bench?user=x&password=pw-never-shown"),
            null));
    assertEquals(
        "h1:27017,h2:27017",
        ServerAddress.of(
            options(null, 27017, "mongodb://user:pw-never-shown@h1:27017,h2:27017/txbench"), null));
  }
}
