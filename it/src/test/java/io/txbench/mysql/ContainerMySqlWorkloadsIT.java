package io.txbench.mysql;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.mysql.MySQLContainer;

/** The contract against {@code mysql:8.4} in Docker; skipped where there is no Docker engine. */
@Testcontainers(disabledWithoutDocker = true)
class ContainerMySqlWorkloadsIT extends MySqlContract {

  @Container
  private final MySQLContainer mysql = new MySQLContainer("mysql:8.4").withUsername("root");

  @Override
  protected String baseUrl() {
    return "jdbc:mysql://" + mysql.getHost() + ":" + mysql.getMappedPort(3306) + "/";
  }

  @Override
  protected String credentials() {
    return "user=root&password=" + mysql.getPassword() + "&allowPublicKeyRetrieval=true";
  }
}
