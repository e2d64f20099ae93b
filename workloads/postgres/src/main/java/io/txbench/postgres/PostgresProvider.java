package io.txbench.postgres;

import io.txbench.jdbc.JdbcProvider;
import io.txbench.jdbc.SqlDialect;

/** The {@code postgres} target. */
public final class PostgresProvider extends JdbcProvider {
  private final PostgresDialect dialect = new PostgresDialect();

  @Override
  public String target() {
    return "postgres";
  }

  @Override
  protected SqlDialect dialect() {
    return dialect;
  }
}
