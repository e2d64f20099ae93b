package io.txbench.mysql;

import io.txbench.jdbc.JdbcProvider;
import io.txbench.jdbc.SqlDialect;

/** The {@code mysql} target: MySQL and MariaDB. */
public final class MySqlProvider extends JdbcProvider {
  private final MySqlDialect dialect = new MySqlDialect();

  @Override
  public String target() {
    return "mysql";
  }

  @Override
  protected SqlDialect dialect() {
    return dialect;
  }
}
