package io.txbench.jdbc;

import java.sql.SQLException;

/** Carries a SQLException out of a row sink, which cannot throw checked exceptions. */
public final class LoadFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public LoadFailure(SQLException cause) {
    super(cause);
  }

  @Override
  public synchronized SQLException getCause() {
    return (SQLException) super.getCause();
  }
}
