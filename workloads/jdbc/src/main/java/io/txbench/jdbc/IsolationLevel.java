package io.txbench.jdbc;

import io.txbench.core.spi.DeclaredOption;

/**
 * The SQL isolation levels a run may ask for ({@code --sql-isolation-level}); the JDBC pool is
 * given them by name ({@code TRANSACTION_} plus the constant's name).
 */
public enum IsolationLevel {
  READ_COMMITTED,
  REPEATABLE_READ,
  SERIALIZABLE;

  /** The option every SQL target declares: the isolation level of the workers' transactions. */
  public static final DeclaredOption<IsolationLevel> OPTION =
      DeclaredOption.choice(
          "--sql-isolation-level",
          "LEVEL",
          "isolation level of the workers' transactions:"
              + " READ_COMMITTED, REPEATABLE_READ or SERIALIZABLE.",
          REPEATABLE_READ);
}
