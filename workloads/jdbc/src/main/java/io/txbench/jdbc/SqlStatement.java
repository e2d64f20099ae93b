package io.txbench.jdbc;

import java.util.List;

/**
 * One statement of an iteration ({@link SqlIteration}): its text, its parameters in order (a {@code
 * long}, an {@code int}, text, or what the driver sets as an object), whether it reads rows or
 * writes them, how many leading columns of the first row it returns the iteration needs as numbers
 * ({@link SqlAnswer#number}), and how long the client waits before it sends it (a user who thinks
 * mid-transaction, or a pause before an attempt again).
 */
public record SqlStatement(
    String sql, List<Object> parameters, boolean read, int numbers, long pauseNanos) {

  public SqlStatement {
    parameters = List.copyOf(parameters);
  }

  /** A query of {@code sql} with {@code parameters}. */
  public static SqlStatement read(String sql, Object... parameters) {
    return new SqlStatement(sql, List.of(parameters), true, 0, 0);
  }

  /** A write (insert, update, delete) of {@code sql} with {@code parameters}. */
  public static SqlStatement write(String sql, Object... parameters) {
    return new SqlStatement(sql, List.of(parameters), false, 0, 0);
  }

  /**
   * The same statement, the first {@code count} columns of the first row it returns given to the
   * iteration as numbers: a query's, a {@code DELETE ... RETURNING}'s, or an insert's generated id.
   */
  public SqlStatement returning(int count) {
    return new SqlStatement(sql, parameters, read, count, pauseNanos);
  }

  /** The same statement, sent {@code nanos} after the answer before it. */
  public SqlStatement after(long nanos) {
    return new SqlStatement(sql, parameters, read, numbers, nanos);
  }
}
