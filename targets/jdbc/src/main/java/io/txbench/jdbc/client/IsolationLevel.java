package io.txbench.jdbc.client;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionRole;

/**
 * The SQL isolation levels a run may ask for ({@code --sql-isolation-level}); the JDBC pool is
 * given them by name ({@code TRANSACTION_} plus the constant's name).
 */
public enum IsolationLevel {
  READ_COMMITTED,
  REPEATABLE_READ,
  SERIALIZABLE;

  /**
   * The option every SQL target declares: the isolation level of the workers' transactions, its
   * role so declared that reports show it as the isolation and keep levels in series apart.
   */
  public static final DeclaredOption<IsolationLevel> OPTION =
      DeclaredOption.choice(
              "--sql-isolation-level",
              "LEVEL",
              "isolation level of the workers' transactions:"
                  + " read_committed, repeatable_read or serializable.",
              REPEATABLE_READ)
          .withRole(OptionRole.ISOLATION);
}
