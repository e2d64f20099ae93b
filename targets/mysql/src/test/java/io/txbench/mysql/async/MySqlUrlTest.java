package io.txbench.mysql.async;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.jdbc.client.IsolationLevel;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** Where the event-loop client connects, read from the options the JDBC drivers are given. */
class MySqlUrlTest {
  private static TargetOptions url(@Nullable String url) {
    return new TargetOptions(
        "db.example.com",
        3307,
        "bench",
        null,
        Secret.none(),
        url,
        1,
        1,
        Duration.ofSeconds(1),
        Duration.ofSeconds(1),
        OptionValues.of(IsolationLevel.OPTION, IsolationLevel.READ_COMMITTED));
  }

  private static MySqlEndpoint endpoint(String url, String driver) {
    return AsyncMySqlClient.endpoint(url(url), driver);
  }

  @Test
  void aUrlGivesItsServerDatabaseCredentialsAndTheRunsIsolation() {
    MySqlEndpoint e =
        endpoint(
            "jdbc:mysql://db.example.com:3310/bench?user=alice&password=p%40ss&useServerPrepStmts=true",
            "auto");
    assertEquals("db.example.com", e.host());
    assertEquals(3310, e.port());
    assertEquals("bench", e.database());
    assertEquals("alice", e.user());
    assertEquals("p@ss", e.password().reveal());
    assertEquals(IsolationLevel.READ_COMMITTED, e.isolation());
  }

  @Test
  void withoutAUrlTheHostPortAndDatabaseGivenApart() {
    MySqlEndpoint e = AsyncMySqlClient.endpoint(url(null), "auto");
    assertEquals("db.example.com", e.host());
    assertEquals(3307, e.port());
    assertEquals("bench", e.database());
    assertEquals(MySqlTls.DRIVERS_DEFAULT, e.tls());
  }

  /** Each driver's default: Connector/J's PREFERRED, MariaDB Connector/J's none. */
  @Test
  void withoutSslModeTheDriversDefault() {
    assertEquals(MySqlTls.PREFERRED, endpoint("jdbc:mysql://h/db", "auto").tls());
    assertEquals(MySqlTls.DISABLED, endpoint("jdbc:mariadb://h/db", "auto").tls());
    assertEquals(MySqlTls.DISABLED, endpoint("jdbc:mysql://h/db", "mariadb").tls());
    assertEquals(MySqlTls.PREFERRED, MySqlTls.DRIVERS_DEFAULT.forServer(false));
    assertEquals(MySqlTls.DISABLED, MySqlTls.DRIVERS_DEFAULT.forServer(true));
  }

  @Test
  void sslModeInEitherDriversWords() {
    assertEquals(MySqlTls.REQUIRED, endpoint("jdbc:mysql://h/db?sslMode=REQUIRED", "auto").tls());
    assertEquals(MySqlTls.REQUIRED, endpoint("jdbc:mariadb://h/db?sslMode=trust", "auto").tls());
    assertEquals(
        MySqlTls.VERIFY_IDENTITY,
        endpoint("jdbc:mariadb://h/db?sslMode=verify-full", "auto").tls());
    assertEquals(MySqlTls.VERIFY_CA, endpoint("jdbc:mysql://h/db?sslMode=VERIFY_CA", "auto").tls());
    assertEquals(MySqlTls.DISABLED, endpoint("jdbc:mariadb://h/db?sslMode=DISABLED", "auto").tls());
  }

  /** useSSL as each driver reads it, when no sslMode is given. */
  @Test
  void useSslAsEachDriverReadsIt() {
    assertEquals(MySqlTls.DISABLED, endpoint("jdbc:mysql://h/db?useSSL=false", "auto").tls());
    assertEquals(MySqlTls.PREFERRED, endpoint("jdbc:mysql://h/db?useSSL=true", "auto").tls());
    assertEquals(
        MySqlTls.REQUIRED, endpoint("jdbc:mysql://h/db?useSSL=true&requireSSL=true", "auto").tls());
    assertEquals(
        MySqlTls.VERIFY_CA,
        endpoint("jdbc:mysql://h/db?useSSL=true&verifyServerCertificate=true", "auto").tls());
    assertEquals(
        MySqlTls.VERIFY_IDENTITY, endpoint("jdbc:mariadb://h/db?useSsl=true", "auto").tls());
    assertEquals(
        MySqlTls.REQUIRED,
        endpoint("jdbc:mariadb://h/db?useSsl=true&trustServerCertificate=true", "auto").tls());
    assertEquals(
        MySqlTls.REQUIRED,
        endpoint("jdbc:mysql://h/db?useSSL=true&sslMode=REQUIRED", "auto").tls());
  }

  @Test
  void aUrlItCannotFollowIsRefusedInOneLineWithoutItsPassword() {
    String[] refused = {
      "jdbc:mysql://a:3306,b:3306/db?password=hunter2",
      "jdbc:mysql:loadbalance://a,b/db?password=hunter2",
      "jdbc:mariadb:failover://a/db?password=hunter2",
      "jdbc:mysql://h/db?password=hunter2&sessionVariables=sql_mode=ANSI",
      "jdbc:mysql://h/db?password=hunter2&useCompression=true",
      "jdbc:mysql://h/db?password=hunter2&useAffectedRows=true",
      "jdbc:mysql://h/db?password=hunter2&characterEncoding=latin1",
      "jdbc:mysql://h/db?password=hunter2&sslMode=SOMETIMES",
      "jdbc:mysql://bob:hunter2@h/db"
    };
    for (String url : refused) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> endpoint(url, "auto"), url);
      String message = String.valueOf(e.getMessage());
      assertFalse(message.contains("hunter2"), message);
      assertFalse(message.contains("\n"), message);
      assertTrue(message.contains("event-loop client"), message);
    }
  }

  @Test
  void theDriversOwnParametersAreFollowedByIgnoringThem() {
    MySqlEndpoint e =
        endpoint(
            "jdbc:mysql://h/db?cachePrepStmts=true&prepStmtCacheSize=250&useAffectedRows=false"
                + "&characterEncoding=UTF-8&allowPublicKeyRetrieval=true&tcpKeepAlive=true",
            "auto");
    assertEquals("h", e.host());
    assertEquals(3306, e.port());
  }
}
