package io.txbench.postgres.async;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
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
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One worker's connection on the event-loop client and its prepared statements, as a pool's
 * connection is PgJDBC's: opened before the run and kept from one iteration to the next, never
 * blocking. The server's errors become {@link SQLException}s with the server's SQLSTATE, and a
 * connection lost one of class 08, so that the target classifies them as it classifies PgJDBC's. A
 * connection found broken is closed, and the next iteration opens another and prepares its
 * statements again.
 */
final class AsyncPgConnection implements AutoCloseable {
  private static final long PING_SECONDS = 5;
  private static final String CONNECTION_LOST = "08006";
  private static final String DATATYPE_MISMATCH = "42804";

  /** The client's words for a value it will not encode as its parameter's type. */
  private static final String NOT_ENCODED = "can not be coerced";

  /** The types of the parameters of each statement prepared on the connection, by its text. */
  private static final String PARAMETER_TYPES =
      "SELECT statement, parameter_types::text[] FROM pg_prepared_statements WHERE NOT from_sql";

  private final AsyncPgClient client;
  private final List<String> statements;
  private final Set<String> returningId;
  private final Function<Throwable, Failure> classify;
  private final Map<String, PreparedStatement> prepared = new HashMap<>();
  private final Map<String, ParameterTypes> parameterTypes = new HashMap<>();
  private @Nullable PgConnection connection; // none until opened, or after it broke

  /**
   * A connection of {@code client} that prepares {@code statements}, of which those of {@code
   * returningId} (inserts) return the id the server generated; not yet open.
   */
  AsyncPgConnection(
      AsyncPgClient client,
      List<String> statements,
      Set<String> returningId,
      Function<Throwable, Failure> classify) {
    this.client = client;
    this.statements = statements;
    this.returningId = returningId;
    this.classify = classify;
  }

  /** The connection, opened and its statements prepared if it has none. */
  CompletableFuture<PgConnection> connected() {
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
                String text = returningId.contains(sql) ? sql + " RETURNING id" : sql;
                all =
                    all.thenCompose(
                        unused ->
                            c.prepare(numbered(text))
                                .toCompletionStage()
                                .thenAccept(ps -> prepared.put(sql, ps)));
              }
              return all.thenCompose(unused -> typed(c))
                  .handle(
                      (unused, failure) -> {
                        if (failure != null) {
                          c.close();
                          throw new CompletionException(failed(failure));
                        }
                        // A connection that breaks fails the statement in flight, which drops it;
                        // its
                        // own report of the break would reach the console as an unhandled
                        // exception.
                        c.exceptionHandler(broken -> {});
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
   * Reads the types the server gave the parameters of the statements prepared on {@code c}, for
   * {@link #execute} to bind each value as its type takes it ({@link ParameterTypes}).
   */
  private CompletableFuture<Void> typed(PgConnection c) {
    if (statements.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    return c.query(PARAMETER_TYPES)
        .execute()
        .toCompletionStage()
        .toCompletableFuture()
        .thenAccept(
            rows -> {
              Map<String, ParameterTypes> byText = new HashMap<>();
              for (Row row : rows) {
                String[] types = row.getArrayOfStrings(1);
                byText.put(row.getString(0), ParameterTypes.of(List.of(types)));
              }
              for (String sql : statements) {
                String text = returningId.contains(sql) ? sql + " RETURNING id" : sql;
                ParameterTypes types = byText.get(numbered(text));
                if (types != null) {
                  parameterTypes.put(sql, types);
                }
              }
            });
  }

  /** Whether {@code c} is still the connection: not dropped since as broken. */
  boolean holds(PgConnection c) {
    return connection == c;
  }

  /**
   * Executes the statement {@code sql} prepared on {@code c} with {@code parameters}, and hands
   * {@code then} its answer or its failure as {@link #failed} makes it, on the event loop that read
   * it. A handler, not a stage: this is the hot path, one round trip a statement, and each stage
   * between the reply and the next statement costs objects and atomic operations.
   */
  void execute(PgConnection c, String sql, List<Object> parameters, Answered then) {
    PreparedStatement ps = prepared.get(sql);
    if (ps == null || !holds(c)) {
      then.answered(null, new SQLException("not prepared on this session: " + sql));
      return;
    }
    List<Object> bound = parameters;
    ParameterTypes types = parameterTypes.get(sql);
    if (types != null) {
      try {
        bound = types.bind(parameters);
      } catch (SQLException e) {
        then.answered(null, e);
        return;
      }
    }
    ps.query().execute(Tuple.from(bound)).onComplete(ar -> deliver(ar, then));
  }

  /**
   * Sends {@code sql} (BEGIN, COMMIT, ROLLBACK) on {@code c} as a simple query: {@link #execute}.
   */
  void simple(PgConnection c, String sql, Answered then) {
    c.query(sql).execute().onComplete(ar -> deliver(ar, then));
  }

  /** Sends {@code sql} on {@code c} as a simple query; outside the run's iterations. */
  CompletableFuture<RowSet<Row>> simple(PgConnection c, String sql) {
    return answered(c.query(sql).execute().toCompletionStage());
  }

  private void deliver(io.vertx.core.AsyncResult<RowSet<Row>> ar, Answered then) {
    RowSet<Row> rows = ar.result();
    if (ar.failed() || rows == null) {
      then.answered(null, failed(ar.cause()));
    } else {
      then.answered(rows, null);
    }
  }

  /** What a statement sent with {@link #execute} gives: its rows, or else its failure. */
  @FunctionalInterface
  interface Answered {
    void answered(@Nullable RowSet<Row> rows, @Nullable SQLException failure);
  }

  private CompletableFuture<RowSet<Row>> answered(
      java.util.concurrent.CompletionStage<RowSet<Row>> sent) {
    CompletableFuture<RowSet<Row>> done = new CompletableFuture<>();
    sent.whenComplete(
        (rows, failure) -> {
          if (failure != null || rows == null) {
            done.completeExceptionally(failed(failure));
          } else {
            done.complete(rows);
          }
        });
    return done;
  }

  /**
   * The failure as the target classifies PgJDBC's: the server's SQLSTATE, 42804 for a value the
   * client would not encode as its parameter's type (nothing was sent), or 08006 for a connection
   * lost. A connection lost, or ended by the server (57P01...), is dropped so that the next
   * iteration opens another.
   */
  SQLException failed(@Nullable Throwable failure) {
    Throwable cause =
        failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
    SQLException e;
    if (cause instanceof SQLException sql) {
      e = sql;
    } else if (cause instanceof PgException pg) {
      e = new SQLException(pg.getMessage(), pg.getSqlState(), pg);
    } else if (cause instanceof io.vertx.core.VertxException v
        && String.valueOf(v.getMessage()).contains(NOT_ENCODED)) {
      e = new SQLException(v.getMessage(), DATATYPE_MISMATCH, v); // refused before it was sent
    } else if (cause instanceof ClosedConnectionException
        || cause instanceof IOException
        || cause instanceof io.vertx.core.VertxException) {
      e = new SQLException("connection lost: " + cause.getMessage(), CONNECTION_LOST, cause);
    } else {
      e = new SQLException(String.valueOf(cause), null, cause);
    }
    if (classify.apply(e).errorClass() == ErrorClass.CONNECTION) {
      drop();
    }
    return e;
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
  void ping(long openSeconds) throws SQLException {
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
    await(connected(), openSeconds);
  }

  /** What {@code future} gives, waited for up to {@code seconds}: outside the run's chains only. */
  <T> T await(CompletableFuture<T> future, long seconds) throws SQLException {
    try {
      return future.get(seconds, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while connecting", CONNECTION_LOST, e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof SQLException sql) {
        throw sql;
      }
      throw failed(cause);
    } catch (TimeoutException e) {
      throw new SQLException("no answer in " + seconds + " s", CONNECTION_LOST, e);
    }
  }

  /** Forgets a broken connection, closing it; its statements go with it. */
  void drop() {
    PgConnection held = connection;
    connection = null;
    prepared.clear();
    parameterTypes.clear();
    if (held != null) {
      held.close();
    }
  }

  @Override
  public void close() {
    drop();
  }
}
