package io.txbench.postgres.async;

import io.txbench.core.engine.Effects;
import io.txbench.core.engine.QueryCounter;
import io.txbench.core.engine.Worker;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.Pingable;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.SqlAnswer;
import io.txbench.jdbc.SqlIteration;
import io.txbench.jdbc.SqlStatement;
import io.txbench.jdbc.workloads.SqlSteps;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One worker's session on the event-loop client: its connection ({@link AsyncPgConnection}), and
 * the transaction template its iterations run in, as {@link io.txbench.jdbc.JdbcSession} is
 * PgJDBC's, never blocking. A commit (or, in autocommit, each write) is reported to the worker's
 * {@link Effects} before it is sent and once it is answered; after a failure the transaction is
 * rolled back, unless the connection broke, and then the next iteration opens another. Statements
 * are counted as the JDBC session counts them: each query a read, each other statement a write, and
 * a transaction's BEGIN and COMMIT two others.
 */
public final class AsyncPgSession implements AutoCloseable, Pingable {
  private static final long OPEN_SECONDS = 30;

  private final AsyncPgClient client;
  private final AsyncPgConnection connection;
  private final Effects effects;
  private final QueryCounter queries;
  private final boolean autoCommit;
  private final Function<Throwable, Failure> classify;

  private AsyncPgSession(AsyncPgClient client, Worker worker, SqlSteps kind, JdbcTarget target) {
    List<String> statements = new ArrayList<>(kind.statements());
    statements.addAll(kind.insertsReturningId());
    this.client = client;
    this.classify = target::classify;
    this.connection =
        new AsyncPgConnection(
            client, List.copyOf(statements), Set.copyOf(kind.insertsReturningId()), classify);
    this.effects = worker.effects();
    this.queries = worker.queries();
    this.autoCommit = target.autoCommit();
  }

  /**
   * Opens a worker's session: connects and prepares the statements of {@code kind}, before the run.
   * Its iterations are transactions unless the connections of {@code target} commit each statement
   * ({@code --disable-transaction}, or a kind of no transactions).
   */
  static AsyncPgSession open(AsyncPgClient client, Worker worker, SqlSteps kind, JdbcTarget target)
      throws SQLException {
    AsyncPgSession session = new AsyncPgSession(client, worker, kind, target);
    session.connection.await(session.connection.connected(), OPEN_SECONDS);
    return session;
  }

  /**
   * Runs {@code iteration}'s statements, each sent once the answer of the last is in, handed to the
   * iteration on the event loop that read it: in a transaction, BEGIN at the connection's isolation
   * level (the run's) to COMMIT, unless the target's connections commit each statement and the
   * iteration asks for no transaction of its own. The stage completes once it committed, or fails
   * with what a statement or the iteration threw, the transaction rolled back.
   */
  public CompletableFuture<Void> run(SqlIteration iteration) {
    boolean inTransaction = iteration.oneTransaction() || !autoCommit;
    return connection
        .connected()
        .thenCompose(
            c -> inTransaction ? transaction(c, iteration) : steps(c, iteration, null, true))
        .thenRun(iteration::committed);
  }

  private CompletableFuture<Void> transaction(PgConnection c, SqlIteration iteration) {
    queries.other(); // BEGIN, as sysbench counts it
    return connection
        .simple(c, "BEGIN")
        .thenCompose(unused -> steps(c, iteration, null, false))
        .thenCompose(unused -> commit(c))
        .exceptionallyCompose(failure -> rollback(c, failure));
  }

  /** Sends the iteration's statement after {@code last}, and those after it. */
  private CompletableFuture<Void> steps(
      PgConnection c, SqlIteration iteration, @Nullable SqlAnswer last, boolean eachCommits) {
    SqlStatement next;
    try {
      next = iteration.next(last);
    } catch (SQLException | DeclinedException | RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    if (next == null) {
      return done();
    }
    CompletableFuture<Void> ready =
        next.pauseNanos() > 0 ? client.after(next.pauseNanos()) : done();
    return ready
        .thenCompose(unused -> send(c, next, eachCommits))
        .thenCompose(answer -> steps(c, iteration, answer, eachCommits));
  }

  /**
   * Sends {@code next} and gives its answer. A write the server commits on its own ({@code
   * eachCommits}) is a commit point; one that changed nothing left nothing behind, and is reported
   * so.
   */
  private CompletableFuture<SqlAnswer> send(
      PgConnection c, SqlStatement next, boolean eachCommits) {
    boolean commitPoint = eachCommits && !next.read();
    if (next.read()) {
      queries.read();
    } else {
      queries.write();
    }
    if (commitPoint) {
      try {
        effects.committing();
      } catch (AbandonedException e) {
        return CompletableFuture.failedFuture(e);
      }
    }
    return connection
        .execute(c, next.sql(), next.parameters())
        .handle(
            (rows, failure) -> {
              if (failure != null || rows == null) {
                SQLException e = connection.failed(failure);
                if (commitPoint) {
                  effects.failed(classify.apply(e).replyLost());
                }
                throw new CompletionException(e);
              }
              SqlAnswer answer = answer(rows, next);
              if (commitPoint) {
                reportChanged(answer.rows());
              }
              return answer;
            });
  }

  private void reportChanged(long rows) {
    if (rows > 0) {
      effects.committed();
    } else {
      effects.failed(false);
    }
  }

  /**
   * The rows {@code next} read (every one fetched and every column decoded) or changed, and the
   * leading numbers of the first row it returned.
   */
  private static SqlAnswer answer(RowSet<Row> rows, SqlStatement next) {
    long fetched = 0;
    List<Long> first = List.of();
    for (Row row : rows) {
      if (fetched++ == 0 && next.numbers() > 0) {
        Long[] values = new Long[next.numbers()];
        for (int i = 0; i < values.length; i++) {
          values[i] = row.getValue(i) instanceof Number n ? n.longValue() : 0L;
        }
        first = List.of(values);
      }
      for (int i = 0; i < row.size(); i++) {
        row.getValue(i);
      }
    }
    return new SqlAnswer(next.read() ? fetched : rows.rowCount(), first);
  }

  /** Sends COMMIT, the transaction's commit point, and reports it. */
  private CompletableFuture<Void> commit(PgConnection c) {
    queries.other(); // COMMIT
    try {
      effects.committing();
    } catch (AbandonedException e) {
      return CompletableFuture.failedFuture(e);
    }
    return connection
        .simple(c, "COMMIT")
        .handle(
            (unused, failure) -> {
              if (failure != null) {
                SQLException e = connection.failed(failure);
                effects.failed(classify.apply(e).replyLost());
                throw new CompletionException(e);
              }
              effects.committed(); // the transaction is all of the iteration: it committed
              return null;
            });
  }

  /**
   * After a failure in a transaction: ROLLBACK on a connection that is still there, then fails with
   * {@code failure}; one that cannot roll back is dropped.
   */
  private CompletableFuture<Void> rollback(PgConnection c, Throwable failure) {
    Throwable cause =
        failure instanceof CompletionException e && e.getCause() != null ? e.getCause() : failure;
    if (!connection.holds(c)) {
      return CompletableFuture.failedFuture(cause); // it broke: the server rolled back
    }
    return connection
        .simple(c, "ROLLBACK")
        .handle(
            (unused, rollbackFailure) -> {
              if (rollbackFailure != null) {
                cause.addSuppressed(connection.failed(rollbackFailure));
                connection.drop();
              }
              throw new CompletionException(cause);
            });
  }

  private static CompletableFuture<Void> done() {
    return CompletableFuture.completedFuture(null);
  }

  /** Checks the connection with a round trip; one found broken is replaced. */
  @Override
  public void ping() throws SQLException {
    connection.ping(OPEN_SECONDS);
  }

  @Override
  public void close() {
    connection.close();
  }
}
