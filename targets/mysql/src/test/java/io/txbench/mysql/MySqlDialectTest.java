package io.txbench.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What {@link MySqlDialect} tells apart by the server's version, whichever driver speaks. */
class MySqlDialectTest {

  @Test
  void mariaDbFrom10Point5ReturnsDeletedRowsAndMySqlNever() {
    for (MySqlDriver driver : MySqlDriver.values()) {
      MySqlDialect dialect = new MySqlDialect(driver, false);
      assertTrue(dialect.deleteReturns("MariaDB 11.4.5"));
      assertTrue(dialect.deleteReturns("MariaDB 10.5.0"));
      assertTrue(dialect.deleteReturns("MariaDB 10.11.19"));
      assertFalse(dialect.deleteReturns("MariaDB 10.4.34"));
      assertFalse(dialect.deleteReturns("MySQL 8.4.3"));
      assertFalse(dialect.deleteReturns("MySQL 9.1.0"));
    }
  }

  @Test
  void theControlConnectionsWaitOnAReadAsLongAsTheWorkloadsPatience() {
    for (MySqlDriver driver : MySqlDriver.values()) {
      MySqlDialect dialect = new MySqlDialect(driver, false);
      assertEquals(
          "960000",
          dialect.controlProperties(java.time.Duration.ofMinutes(16)).getProperty("socketTimeout"));
    }
  }
}
