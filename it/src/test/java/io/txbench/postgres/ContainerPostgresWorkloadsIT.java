package io.txbench.postgres;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.postgresql.PostgreSQLContainer;

/** The contract against {@code postgres:17} in Docker; skipped where there is no Docker engine. */
@Testcontainers(disabledWithoutDocker = true)
class ContainerPostgresWorkloadsIT extends PostgresContract {

  @Container private final PostgreSQLContainer postgres = new PostgreSQLContainer("postgres:17");

  @Override
  protected String serverUrl() {
    // getJdbcUrl() carries parameters of its own ("?loggerLevel=OFF"): build the URL here.
    return "jdbc:postgresql://"
        + postgres.getHost()
        + ":"
        + postgres.getMappedPort(5432)
        + "/"
        + postgres.getDatabaseName()
        + "?user="
        + postgres.getUsername()
        + "&password="
        + postgres.getPassword();
  }
}
