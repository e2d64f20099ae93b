package io.txbench.jdbc.async;

import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Effects;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.QueryCounter;
import io.txbench.core.spi.StatementId;
import io.txbench.core.spi.StatementLog;
import io.txbench.core.spi.Worker;
import io.txbench.jdbc.client.CountsPublisher;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlAnswer;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.LongFunction;
import org.jspecify.annotations.Nullable;

/**
 * One worker's session on an event-loop client: the connections its iterations take one of ({@link
 * ConnectionPool}: its own, or those every worker shares), and the transaction template its
 * iterations run in, as {@link io.txbench.jdbc.client.JdbcSession} is the JDBC driver's, never
 * blocking. A commit (or, in autocommit, each write) is reported to the worker's {@link Effects}
 * before it is sent and once it is answered; after a failure the transaction is rolled back, unless
 * the connection broke, and then the next iteration opens another. Statements are counted as the
 * JDBC session counts them: each query a read, each other statement a write, and a transaction's
 * BEGIN and COMMIT two others.
 *
 * @param <W> the open connection speaking the server's protocol
 * @param <C> the pool's connection that holds it
 */
public final class EventLoopSession<W, C extends EventLoopConnection<W>>
    implements AsyncSqlSession {
  private static final long OPEN_SECONDS = 30;

  private final LongFunction<CompletableFuture<Void>> after;
  private final ConnectionPool<C> pool;
  private final Effects effects;
  private final QueryCounter queries;
  private final StatementLog timed;
  private final boolean autoCommit;
  private final Function<Throwable, Failure> classify;
  private final CountsPublisher publisher;

  private EventLoopSession(
      LongFunction<CompletableFuture<Void>> after,
      Worker worker,
      ConnectionPool<C> pool,
      JdbcTarget target) {
    this.after = after;
    this.classify = target::classify;
    this.pool = pool;
    this.effects = worker.effects();
    this.queries = worker.queries();
    this.timed = worker.statements();
    this.autoCommit = target.autoCommit();
    this.publisher = target.publisher();
  }

  /**
   * Opens a worker's session on connections of {@code pool} ({@link #pool}), each opened and its
   * statements prepared before the run. Its iterations are transactions unless the connections of
   * {@code target} commit each statement ({@code --disable-transaction}, or a kind of no
   * transactions).
   */
  public static <W, C extends EventLoopConnection<W>> EventLoopSession<W, C> open(
      LongFunction<CompletableFuture<Void>> after,
      Worker worker,
      ConnectionPool<C> pool,
      JdbcTarget target)
      throws SQLException {
    EventLoopSession<W, C> session = new EventLoopSession<>(after, worker, pool.join(), target);
    try {
      pool.openAll(OPEN_SECONDS);
    } catch (SQLException | RuntimeException e) {
      session.close();
      throw e;
    }
    return session;
  }

  /**
   * Runs {@code iteration}'s statements on a connection of the session's pool, each sent once the
   * answer of the last is in, handed to the iteration on the event loop that read it: in a
   * transaction, BEGIN at the connection's isolation level (the run's) to COMMIT, unless the
   * target's connections commit each statement and the iteration asks for no transaction of its
   * own. The stage completes once it committed, or fails with what a statement or the iteration
   * threw, the transaction rolled back.
   */
  @Override
  public CompletableFuture<Void> run(SqlIteration iteration) {
    boolean inTransaction = iteration.oneTransaction() || !autoCommit;
    C free = pool.poll();
    W open = free == null ? null : free.open();
    if (free != null && open != null) {
      // The hot path: a connection free and open, one stage for the whole iteration.
      return new Chain(free, open, iteration, inTransaction).start();
    }
    CompletableFuture<C> turn =
        free != null ? CompletableFuture.completedFuture(free) : pool.take();
    return turn.thenCompose(
        connection ->
            connection
                .connected()
                .whenComplete(
                    (c, failure) -> {
                      if (failure != null) {
                        pool.give(connection);
                      }
                    })
                .thenCompose(c -> new Chain(connection, c, iteration, inTransaction).start()));
  }

  /**
   * One iteration's statements on the connection {@code c} of {@code connection}: each sent from
   * the handler of the answer before it, on the event loop that read it, and one stage for the
   * whole iteration ({@link #start}), completed once it committed or failed with what a statement
   * or the iteration threw, the transaction rolled back.
   */
  private final class Chain {
    private final C connection;
    private final W c;
    private final SqlIteration iteration;
    private final boolean inTransaction;
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    Chain(C connection, W c, SqlIteration iteration, boolean inTransaction) {
      this.connection = connection;
      this.c = c;
      this.iteration = iteration;
      this.inTransaction = inTransaction;
    }

    /**
     * Ends the iteration: the connection given back, then the stage completed, once it committed
     * ({@code failure} null) or with what failed it.
     */
    private void ended(@Nullable Throwable failure) {
      pool.give(connection);
      if (failure != null) {
        done.completeExceptionally(failure);
        return;
      }
      try {
        iteration.committed();
      } catch (RuntimeException e) {
        done.completeExceptionally(e);
        return;
      }
      done.complete(null);
    }

    CompletableFuture<Void> start() {
      if (inTransaction) {
        begin();
      } else {
        steps(null);
      }
      return done;
    }

    /**
     * The transaction's start, the iteration's statements and COMMIT. The first statement goes out
     * as the transaction's ({@link EventLoopConnection#execute} with {@code begin}: the client
     * sends its BEGIN in the same write, or none where the statement starts the transaction
     * itself), one round trip less. A first statement after a pause waits for it behind a start of
     * its own ({@link EventLoopConnection#begin}), in the script's order.
     */
    private void begin() {
      queries.other(); // BEGIN, as sysbench counts it
      SqlStatement first;
      try {
        first = iteration.next(null);
      } catch (SQLException | DeclinedException | RuntimeException e) {
        ended(e);
        return;
      }
      if (first != null && first.pauseNanos() == 0) {
        send(first, true, this::answered);
        return;
      }
      connection.begin(
          c,
          (rows, failure) -> {
            if (failure != null) {
              fail(failure);
            } else {
              from(first);
            }
          });
    }

    /** Goes on after a statement's answer, or fails the iteration with why it has none. */
    private void answered(@Nullable SqlAnswer answer, @Nullable Exception failure) {
      if (failure != null) {
        fail(failure);
      } else {
        steps(answer);
      }
    }

    /** Sends the iteration's statement after {@code last}, and those after it. */
    private void steps(@Nullable SqlAnswer last) {
      SqlStatement next;
      try {
        next = iteration.next(last);
      } catch (SQLException | DeclinedException | RuntimeException e) {
        fail(e);
        return;
      }
      from(next);
    }

    /** Sends {@code next} (none: the iteration is done), after its pause, and those after it. */
    private void from(@Nullable SqlStatement next) {
      if (next == null) {
        if (inTransaction) {
          commit();
        } else {
          ended(null);
        }
      } else if (next.pauseNanos() > 0) {
        var unused =
            after
                .apply(next.pauseNanos())
                .whenComplete(
                    (nothing, failure) -> {
                      if (failure != null) {
                        fail(failure);
                      } else {
                        paused(next);
                      }
                    });
      } else {
        paused(next);
      }
    }

    /** {@code next} once its pause is over. */
    private void paused(SqlStatement next) {
      if (next.pauseOnly()) {
        steps(SqlAnswer.changed(0));
        return;
      }
      send(next, false, this::answered);
    }

    /**
     * Sends {@code next}, behind the transaction's BEGIN if {@code begin}, and hands {@code then}
     * its answer. A write the server commits on its own (outside a transaction) is a commit point;
     * one that changed nothing left nothing behind, and is reported so.
     */
    private void send(SqlStatement next, boolean begin, StepAnswered then) {
      boolean commitPoint = !inTransaction && !next.read();
      if (next.read()) {
        queries.read();
      } else {
        queries.write();
      }
      if (commitPoint) {
        try {
          effects.committing();
        } catch (AbandonedException e) {
          then.answered(null, e);
          return;
        }
      }
      StatementId id = next.timed();
      long start = id == null ? 0 : System.nanoTime();
      connection.execute(
          c,
          next,
          begin,
          (answer, failure) -> {
            try {
              if (answer == null) {
                SQLException e = failure != null ? failure : new SQLException("no answer");
                if (commitPoint) {
                  effects.failed(classify.apply(e));
                }
                then.answered(null, failedAt(id, e));
                return;
              }
              if (id != null) {
                timed.succeeded(id, System.nanoTime() - start);
              }
              if (commitPoint) {
                effects.answered(answer.rows());
              }
            } catch (RuntimeException e) {
              then.answered(null, e);
              return;
            }
            then.answered(answer, null);
          });
    }

    /** Sends COMMIT, the transaction's commit point, and reports it. */
    private void commit() {
      queries.other(); // COMMIT
      try {
        effects.committing();
      } catch (AbandonedException e) {
        fail(e);
        return;
      }
      StatementId id = iteration.commitTimed();
      long start = id == null ? 0 : System.nanoTime();
      connection.commit(
          c,
          (rows, failure) -> {
            if (failure != null) {
              effects.failed(classify.apply(failure));
              fail(failedAt(id, failure));
              return;
            }
            if (id != null) {
              timed.succeeded(id, System.nanoTime() - start);
            }
            effects.answered(1); // the transaction is all of the iteration: it committed
            ended(null);
          });
    }

    /**
     * Ends the iteration with {@code failure}; in a transaction, after a ROLLBACK on a connection
     * that is still there (one that cannot roll back is dropped; one that broke, the server rolled
     * back).
     */
    private void fail(Throwable failure) {
      Throwable cause =
          failure instanceof CompletionException e && e.getCause() != null ? e.getCause() : failure;
      if (!inTransaction || !connection.holds(c)) {
        ended(cause);
        return;
      }
      connection.simple(
          c,
          "ROLLBACK",
          (rows, rollbackFailure) -> {
            if (rollbackFailure != null) {
              cause.addSuppressed(rollbackFailure);
              connection.drop();
            }
            ended(cause);
          });
    }
  }

  /** What a statement of a {@link Chain} gives: its answer, or else why it has none. */
  @FunctionalInterface
  private interface StepAnswered {
    void answered(@Nullable SqlAnswer answer, @Nullable Exception failure);
  }

  /** {@code e}, the error of the script's statement {@code id} (if any), recorded and named. */
  private SQLException failedAt(@Nullable StatementId id, SQLException e) {
    if (id == null) {
      return e;
    }
    timed.failed(id, classify.apply(e).errorClass());
    return SqlStatement.named(id, e);
  }

  /**
   * Checks a connection with a round trip; one found broken is replaced. The ping's own commit is
   * published with the rest ({@link #publishCounts}).
   */
  @Override
  public void ping() throws SQLException {
    C connection = pool.takeNow();
    try {
      connection.ping(OPEN_SECONDS);
    } finally {
      pool.give(connection);
    }
    publishCountsNow();
  }

  /**
   * Has the server publish the counts of a connection of the session's at once ({@link
   * CountsPublisher}), without blocking: the one it holds, or one of those it shares once free. The
   * stage completes when the answer is in or the statement failed, which the publisher counts.
   */
  @Override
  public CompletableFuture<Void> publishCounts() {
    String statement = publisher.statement().orElse(null);
    if (statement == null) {
      return CompletableFuture.completedFuture(null);
    }
    return pool.take()
        .thenCompose(
            connection ->
                connection
                    .connected()
                    .thenCompose(
                        c ->
                            connection
                                .prepared(c, statement)
                                .whenComplete((rows, failure) -> counted(failure)))
                    .whenComplete((rows, failure) -> pool.give(connection)))
        .handle((rows, failure) -> (Void) null);
  }

  /** {@link #publishCounts}, waited for: outside the run's chains only. */
  @Override
  public void publishCountsNow() throws SQLException {
    try {
      publishCounts().get(OPEN_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while publishing the session's counts", e);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new SQLException("the session's counts were not published: " + e, e);
    }
  }

  private void counted(@Nullable Throwable failure) {
    if (failure == null) {
      publisher.answered();
    } else if (classify.apply(failure).replyLost()) {
      publisher.lost();
    }
  }

  @Override
  public void close() {
    pool.close();
  }
}
