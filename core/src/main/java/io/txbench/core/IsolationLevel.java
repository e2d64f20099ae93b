package io.txbench.core;

/**
 * The SQL isolation levels a run may ask for ({@code --sql-isolation-level}); the JDBC pool is
 * given them by name ({@code TRANSACTION_} plus the constant's name).
 */
public enum IsolationLevel {
  READ_COMMITTED,
  REPEATABLE_READ,
  SERIALIZABLE
}
