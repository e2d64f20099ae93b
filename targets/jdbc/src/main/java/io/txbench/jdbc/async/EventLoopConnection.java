package io.txbench.jdbc.async;

import io.txbench.jdbc.client.SqlAnswer;
import io.txbench.jdbc.client.SqlStatement;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * One worker's connection on an event-loop client and its prepared statements, as {@link
 * EventLoopSession} runs an iteration on it: opened before the run and kept from one iteration to
 * the next, never blocking. Its failures come as the JDBC driver's would, so that the target
 * classifies them alike; one found broken is dropped, and the next iteration opens another.
 *
 * @param <W> the open connection speaking the server's protocol
 */
public interface EventLoopConnection<W> extends ConnectionPool.Pooled {
  /** The connection, opened and its statements prepared if it has none. */
  CompletableFuture<W> connected();

  /** The connection if it is open and its statements prepared; null before, or once it broke. */
  @Nullable W open();

  /** Whether {@code c} is still the connection: not dropped since as broken. */
  boolean holds(W c);

  /**
   * Executes {@code next}, prepared on {@code c}, as the first statement of a transaction if {@code
   * begin}, and hands {@code then} its answer or its failure.
   */
  void execute(W c, SqlStatement next, boolean begin, Answered then);

  /** Starts a transaction on {@code c}, before a first statement that comes after a pause. */
  void begin(W c, Answered then);

  /** Commits the transaction on {@code c}. */
  void commit(W c, Answered then);

  /** Sends {@code sql} (ROLLBACK) on {@code c} as it is. */
  void simple(W c, String sql, Answered then);

  /** Executes {@code sql}, prepared with the run's statements; outside the run's iterations. */
  CompletableFuture<SqlAnswer> prepared(W c, String sql);

  /** Checks the connection with a round trip; one found broken is replaced. */
  void ping(long openSeconds) throws SQLException;

  /** Forgets a broken connection, closing it. */
  void drop();
}
