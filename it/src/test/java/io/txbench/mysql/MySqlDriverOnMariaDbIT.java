package io.txbench.mysql;

import org.junit.jupiter.api.Tag;

/**
 * The whole contract through MySQL Connector/J, the driver of the {@code mysql} target's MySQL
 * servers, on a MariaDB: the driver matrix, in the long tier (the contract runs through it on a
 * real MySQL in {@code ContainerMySqlWorkloadsIT} where Docker is).
 */
@Tag("long")
class MySqlDriverOnMariaDbIT extends EmbeddedMariaDbWorkloadsIT {

  @Override
  String scheme() {
    return "jdbc:mysql:";
  }
}
