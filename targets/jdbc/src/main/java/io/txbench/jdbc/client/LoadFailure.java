package io.txbench.jdbc.client;

import java.sql.SQLException;

/** Carries a SQLException out of a row sink, which cannot throw checked exceptions. */
public final class LoadFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The cause as given, the same as {@link Throwable#getCause}'s, which is typed as nullable. */
  private final SQLException sqlCause;

  public LoadFailure(SQLException cause) {
    super(cause);
    this.sqlCause = cause;
  }

  @Override
  public synchronized SQLException getCause() {
    return sqlCause;
  }
}
