package io.txbench.jdbc.client;

import io.txbench.core.spi.StatementId;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One statement of an iteration ({@link SqlIteration}): its text, its parameters in order (a {@code
 * long}, an {@code int}, text, or what the driver sets as an object), whether it reads rows or
 * writes them, how many leading columns of the first row it returns the iteration needs as numbers
 * ({@link SqlAnswer#number}), and how long the client waits before it sends it (a user who thinks
 * mid-transaction, or a pause before an attempt again), and whether the iteration needs the first
 * row's columns by name ({@link SqlAnswer#row}: a script's {@code \gset}), and, for a script's
 * statement, which it is ({@code timed}; null for the built-in kinds'): the session times it apart
 * and names its file and line in an error. A statement of no text is a pause alone ({@link
 * #pause}): nothing is sent.
 */
public record SqlStatement(
    String sql,
    List<Object> parameters,
    boolean read,
    int numbers,
    long pauseNanos,
    boolean row,
    @Nullable StatementId timed) {

  public SqlStatement {
    parameters = List.copyOf(parameters);
  }

  /**
   * A pause of {@code nanos} and nothing sent: a script's {@code \sleep} after its last command.
   */
  public static SqlStatement pause(long nanos) {
    return new SqlStatement("", List.of(), true, 0, nanos, false, null);
  }

  /** Whether it is a pause alone. */
  public boolean pauseOnly() {
    return sql.isEmpty();
  }

  /**
   * {@code e}, the error of the script's statement {@code id}, with its file and line in front of
   * its message: a copy of the same SQL state and vendor code, {@code e} its cause (which the
   * classification reads too); {@code e} itself when {@code id} is null.
   */
  public static java.sql.SQLException named(@Nullable StatementId id, java.sql.SQLException e) {
    return id == null
        ? e
        : new java.sql.SQLException(
            id.where() + ": " + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
  }

  /** A query of {@code sql} with {@code parameters}. */
  public static SqlStatement read(String sql, Object... parameters) {
    return new SqlStatement(sql, List.of(parameters), true, 0, 0, false, null);
  }

  /** A write (insert, update, delete) of {@code sql} with {@code parameters}. */
  public static SqlStatement write(String sql, Object... parameters) {
    return new SqlStatement(sql, List.of(parameters), false, 0, 0, false, null);
  }

  /**
   * The same statement, the first {@code count} columns of the first row it returns given to the
   * iteration as numbers: a query's, a {@code DELETE ... RETURNING}'s, or an insert's generated id.
   */
  public SqlStatement returning(int count) {
    return new SqlStatement(sql, parameters, read, count, pauseNanos, row, timed);
  }

  /** The same statement, sent {@code nanos} after the answer before it. */
  public SqlStatement after(long nanos) {
    return new SqlStatement(sql, parameters, read, numbers, nanos, row, timed);
  }
}
