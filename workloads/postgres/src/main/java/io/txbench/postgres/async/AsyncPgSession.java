package io.txbench.postgres.async;

import io.txbench.core.engine.Effects;
import io.txbench.core.engine.QueryCounter;
import io.txbench.core.engine.Worker;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.Pingable;
import io.txbench.jdbc.workloads.SqlStatement;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.PreparedStatement;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.io.IOException;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One worker's connection on the event-loop client and its prepared statements, opened before the
 * run and kept from one iteration to the next, as {@link io.txbench.jdbc.JdbcSession} keeps
 * PgJDBC's; it sends one statement at a time in autocommit, never blocking. A write is a commit
 * point, reported to the worker's {@link Effects} before it is sent and once it is answered;
 * statements are counted as the JDBC session counts them. The server's errors become {@link
 * SQLException}s with the server's SQLSTATE, and a connection lost one of class 08, so that the
 * target classifies them as it classifies PgJDBC's. A connection found broken is closed, and the
 * next iteration opens another and prepares its statements again.
 */
public final class AsyncPgSession implements AutoCloseable, Pingable {
  private static final long OPEN_SECONDS = 30;
  private static final long PING_SECONDS = 5;
  private static final String CONNECTION_LOST = "08006";

  private final AsyncPgClient client;
  private final Effects effects;
  private final QueryCounter queries;
  private final List<String> statements;
  private final Function<Throwable, Failure> classify;
  private final Map<String, PreparedStatement> prepared = new HashMap<>();
  private @Nullable PgConnection connection; // none until opened, or after it broke

  private AsyncPgSession(
      AsyncPgClient client,
      Worker worker,
      List<String> statements,
      Function<Throwable, Failure> classify) {
    this.client = client;
    this.effects = worker.effects();
    this.queries = worker.queries();
    this.statements = statements;
    this.classify = classify;
  }

  /** Opens a worker's session: connects and prepares {@code statements}, before the run. */
  static AsyncPgSession open(
      AsyncPgClient client,
      Worker worker,
      List<String> statements,
      Function<Throwable, Failure> classify)
      throws SQLException {
    AsyncPgSession session = new AsyncPgSession(client, worker, statements, classify);
    session.await(session.connected(), OPEN_SECONDS);
    return session;
  }

  /** What an iteration makes of its statement's answer: the rows it read or changed. */
  @FunctionalInterface
  public interface Answer {
    void settle(long rows) throws SQLException, DeclinedException;
  }

  /**
   * Sends {@code statement} in autocommit and hands the rows it read (every one fetched) or changed
   * to {@code answer}, on the event loop that read them; the stage completes when that is done, or
   * fails with what the statement or the answer threw. A write that changed nothing left nothing
   * behind, and is reported so. One stage per statement: the iteration's whole chain.
   */
  public CompletableFuture<Void> run(SqlStatement statement, Answer answer) {
    PgConnection held = connection;
    if (held == null) {
      return connected().thenCompose(c -> run(statement, answer));
    }
    PreparedStatement ps = prepared.get(statement.sql());
    if (ps == null) {
      return CompletableFuture.failedFuture(
          new SQLException("not prepared on this session: " + statement.sql()));
    }
    boolean read = statement.read();
    if (read) {
      queries.read();
    } else {
      queries.write();
      try {
        effects.committing();
      } catch (AbandonedException e) {
        return CompletableFuture.failedFuture(e);
      }
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    ps.query()
        .execute(Tuple.tuple(statement.parameters()))
        .onComplete(
            (rows, failure) -> {
              try {
                answer.settle(read ? rowsRead(rows, failure) : rowsChanged(rows, failure));
                done.complete(null);
              } catch (SQLException | DeclinedException | RuntimeException e) {
                done.completeExceptionally(e);
              }
            });
    return done;
  }

  private long rowsRead(@Nullable RowSet<Row> rows, @Nullable Throwable failure)
      throws SQLException {
    if (failure != null || rows == null) {
      throw failed(failure);
    }
    long read = 0;
    for (Row row : rows) {
      row.getValue(0);
      read++;
    }
    return read;
  }

  private long rowsChanged(@Nullable RowSet<Row> rows, @Nullable Throwable failure)
      throws SQLException {
    if (failure != null || rows == null) {
      SQLException e = failed(failure);
      effects.failed(classify.apply(e).replyLost());
      throw e;
    }
    long changed = rows.rowCount();
    if (changed > 0) {
      effects.committed();
    } else {
      effects.failed(false);
    }
    return changed;
  }

  /**
   * The failure as the target classifies PgJDBC's: the server's SQLSTATE, or 08006 for a connection
   * lost, which is closed so that the next iteration opens another.
   */
  private SQLException failed(@Nullable Throwable failure) {
    Throwable cause =
        failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
    if (cause instanceof SQLException sql) {
      return sql;
    }
    if (cause instanceof PgException pg) {
      return new SQLException(pg.getMessage(), pg.getSqlState(), pg);
    }
    if (cause instanceof ClosedConnectionException
        || cause instanceof IOException
        || cause instanceof io.vertx.core.VertxException) {
      drop();
      return new SQLException("connection lost: " + cause.getMessage(), CONNECTION_LOST, cause);
    }
    return new SQLException(String.valueOf(cause), null, cause);
  }

  /** The connection, opened and its statements prepared if it has none. */
  private CompletableFuture<PgConnection> connected() {
    PgConnection held = connection;
    if (held != null) {
      return CompletableFuture.completedFuture(held);
    }
    return client
        .connect()
        .thenCompose(
            c -> {
              CompletableFuture<?> all = CompletableFuture.completedFuture(null);
              for (String sql : statements) {
                all =
                    all.thenCompose(
                        unused ->
                            c.prepare(numbered(sql))
                                .toCompletionStage()
                                .thenAccept(ps -> prepared.put(sql, ps)));
              }
              return all.handle(
                  (unused, failure) -> {
                    if (failure != null) {
                      c.close();
                      throw new CompletionException(failed(failure));
                    }
                    connection = c;
                    return c;
                  });
            })
        .exceptionally(
            failure -> {
              throw new CompletionException(failed(failure));
            });
  }

  /**
   * {@code sql} with its JDBC placeholders numbered as PostgreSQL's protocol numbers them ({@code
   * ?} to {@code $1}, {@code $2}, ...); txbench's statements hold no {@code ?} in a literal.
   */
  static String numbered(String sql) {
    StringBuilder out = new StringBuilder(sql.length() + 8);
    int n = 0;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (c == '?') {
        out.append('$').append(++n);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** Checks the connection with a round trip; one found broken is replaced. */
  @Override
  public void ping() throws SQLException {
    PgConnection held = connection;
    if (held != null) {
      try {
        await(
            held.query("SELECT 1").execute().toCompletionStage().toCompletableFuture(),
            PING_SECONDS);
        return;
      } catch (SQLException e) {
        drop();
      }
    }
    await(connected(), OPEN_SECONDS);
  }

  private <T> T await(CompletableFuture<T> future, long seconds) throws SQLException {
    try {
      return future.get(seconds, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while connecting", CONNECTION_LOST, e);
    } catch (java.util.concurrent.ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof SQLException sql) {
        throw sql;
      }
      throw failed(cause);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new SQLException("no answer in " + seconds + " s", CONNECTION_LOST, e);
    }
  }

  /** Forgets a broken connection, closing it; its statements go with it. */
  private void drop() {
    PgConnection held = connection;
    connection = null;
    prepared.clear();
    if (held != null) {
      held.close();
    }
  }

  @Override
  public void close() {
    drop();
  }
}
