package io.txbench.postgres;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.postgresql.PostgreSQLContainer;

/** The contract against {@code postgres:17} in Docker; skipped where there is no Docker engine. */
@Testcontainers(disabledWithoutDocker = true)
class ContainerPostgresWorkloadsIT extends PostgresContract {

  @Container
  private final PostgreSQLContainer postgres = new PostgreSQLContainer("postgres:17");

  @Override
  protected String serverUrl() {
    return postgres.getJdbcUrl() + "?user=" + postgres.getUsername() + "&password="
        + postgres.getPassword();
  }
}
