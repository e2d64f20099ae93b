package io.txbench.jdbc.client;

import io.txbench.core.spi.DeclinedException;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/**
 * One iteration of a SQL workload, described apart from the client that runs it: its first
 * statement, then, given each answer, the next one or the end. JDBC's session sends them one by one
 * on its worker's thread ({@link JdbcSession#run}), an event-loop client chains them; either runs
 * them in one transaction where the run has transactions (or the iteration asks for one), each
 * committed on its own otherwise, and counts them. Each iteration is a new object, which may keep
 * what its answers said.
 */
public interface SqlIteration {

  /**
   * The statement to send after the answer {@code last} (null: the first), or null when the
   * iteration is done. Throws {@link SQLException} for an answer that shows a row missing that
   * should be there, {@link DeclinedException} for an iteration that finds nothing to do (a key
   * gone, a flight sold out): both roll the transaction back.
   */
  @Nullable SqlStatement next(@Nullable SqlAnswer last) throws SQLException, DeclinedException;

  /**
   * Whether the statements are one transaction even where the run's other iterations commit each
   * statement on its own (a mix's read-modify-write, which must read and write the same row at
   * once).
   */
  default boolean oneTransaction() {
    return false;
  }

  /**
   * The script's COMMIT line, timed apart as its statements are ({@link SqlStatement#timed()}),
   * when the client's commit is a script's; null (the default) for other iterations.
   */
  default io.txbench.core.spi.@Nullable StatementId commitTimed() {
    return null;
  }

  /** Told once the iteration's statements ran and everything it wrote is committed. */
  default void committed() {}

  /** What a one-statement iteration makes of the rows its statement read or changed. */
  @FunctionalInterface
  interface RowsCheck {
    void check(long rows) throws SQLException, DeclinedException;
  }

  /** An iteration of {@code statement} alone, its answer's rows settled by {@code check}. */
  static SqlIteration of(SqlStatement statement, RowsCheck check) {
    return last -> {
      if (last == null) {
        return statement;
      }
      check.check(last.rows());
      return null;
    };
  }
}
