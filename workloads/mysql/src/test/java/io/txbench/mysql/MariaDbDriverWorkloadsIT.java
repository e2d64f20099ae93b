package io.txbench.mysql;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.txbench.core.kinds.PointSelect;
import io.txbench.core.settings.Secret;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetOptions;
import io.txbench.jdbc.IsolationLevel;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The whole contract through MariaDB Connector/J, the driver the {@code mysql} target picks for a
 * MariaDB server, and how that pick is made.
 */
class MariaDbDriverWorkloadsIT extends EmbeddedMariaDbWorkloadsIT {

  @Override
  String scheme() {
    return "jdbc:mariadb:";
  }

  @Test
  void aUrlsSchemeNamesTheDriver() throws Exception {
    try (Target target =
        provider().open(target(1, IsolationLevel.REPEATABLE_READ), pointSelect()).target()) {
      assertTrue(target.driver().startsWith("MariaDB Connector/J "), target.driver());
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
}
