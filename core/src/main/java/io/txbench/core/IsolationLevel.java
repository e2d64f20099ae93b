package io.txbench.core;

import java.sql.Connection;

/** The SQL isolation levels a run may ask for ({@code --sql-isolation-level}). */
public enum IsolationLevel {
  READ_COMMITTED(Connection.TRANSACTION_READ_COMMITTED),
  REPEATABLE_READ(Connection.TRANSACTION_REPEATABLE_READ),
  SERIALIZABLE(Connection.TRANSACTION_SERIALIZABLE);

  private final int jdbcLevel;

  IsolationLevel(int jdbcLevel) {
    this.jdbcLevel = jdbcLevel;
  }

  /** The level's constant in {@link java.sql.Connection}. */
  public int jdbcLevel() {
    return jdbcLevel;
  }
}
