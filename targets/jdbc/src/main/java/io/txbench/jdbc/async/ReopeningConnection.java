package io.txbench.jdbc.async;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.jdbc.client.SqlAnswer;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * An {@link EventLoopConnection} that holds one open connection at a time: opened, its statements
 * prepared, when first needed; dropped (and closed) once a failure classifies as a connection lost,
 * and opened again by the next iteration that needs it. What the client's protocol does is left to
 * the subclass: opening and preparing, a round trip that checks it, closing it.
 *
 * @param <W> the open connection speaking the server's protocol
 */
public abstract class ReopeningConnection<W> implements EventLoopConnection<W> {
  private static final long PING_SECONDS = 5;

  private final Function<Throwable, Failure> classify;
  private final String lostState;
  private volatile @Nullable W connection; // none until opened, or after it broke

  /**
   * Classifies its failures as the target does ({@code classify}); a connection lost is an {@link
   * SQLException} of the driver's state {@code lostState} (08006, 08S01).
   */
  protected ReopeningConnection(Function<Throwable, Failure> classify, String lostState) {
    this.classify = classify;
    this.lostState = lostState;
  }

  /** Opens a connection and prepares the statements on it; one that fails is closed. */
  protected abstract CompletableFuture<W> openAndPrepare();

  /** A round trip on {@code held} that runs nothing of the run's: a ping. */
  protected abstract CompletableFuture<?> roundTrip(W held);

  /** Ends {@code held}'s session and closes it; its requests in flight fail. */
  protected abstract void close(W held);

  /** The connection, opened and its statements prepared if it has none. */
  @Override
  public final CompletableFuture<W> connected() {
    W held = connection;
    if (held != null) {
      return CompletableFuture.completedFuture(held);
    }
    return openAndPrepare()
        .thenApply(
            c -> {
              connection = c;
              return c;
            })
        .exceptionally(
            failure -> {
              throw new CompletionException(failed(failure));
            });
  }

  @Override
  public final @Nullable W open() {
    return connection;
  }

  @Override
  public final boolean holds(W c) {
    return connection == c;
  }

  /**
   * The failure as the target classifies its JDBC driver's: the server's error, or a connection
   * lost. A connection lost, or ended by the server, is dropped so that the next iteration opens
   * another.
   */
  public final SQLException failed(@Nullable Throwable failure) {
    Throwable cause =
        failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
    SQLException e =
        cause instanceof SQLException sql
            ? sql
            : new SQLException("connection lost: " + cause, lostState, cause);
    if (classify.apply(e).errorClass() == ErrorClass.CONNECTION) {
      drop();
    }
    return e;
  }

  /** Checks the connection with a round trip; one found broken is replaced. */
  @Override
  public final void ping(long openSeconds) throws SQLException {
    W held = connection;
    if (held != null) {
      try {
        await(roundTrip(held), PING_SECONDS);
        return;
      } catch (SQLException e) {
        drop();
      }
    }
    await(connected(), openSeconds);
  }

  @Override
  public final void openWithin(long seconds) throws SQLException {
    await(connected(), seconds);
  }

  /** What {@code future} gives, waited for up to {@code seconds}: outside the run's chains only. */
  public final <T> T await(CompletableFuture<T> future, long seconds) throws SQLException {
    try {
      return future.get(seconds, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while connecting", lostState, e);
    } catch (ExecutionException e) {
      throw failed(e.getCause());
    } catch (TimeoutException e) {
      throw new SQLException("no answer in " + seconds + " s", lostState, e);
    }
  }

  /**
   * {@code c} once {@code prepare} has prepared its statements on it (given the handler of the
   * answer); a connection that could not prepare them is closed, and the stage fails with why.
   */
  protected final CompletableFuture<W> preparing(W c, Consumer<Answered> prepare) {
    CompletableFuture<W> prepared = new CompletableFuture<>();
    prepare.accept(
        (answer, failure) -> {
          if (failure != null) {
            close(c);
            prepared.completeExceptionally(failure);
          } else {
            prepared.complete(c);
          }
        });
    return prepared;
  }

  /** A handler that completes {@code done} with the answer, or fails it with why there is none. */
  protected static Answered completing(CompletableFuture<SqlAnswer> done) {
    return (answer, failure) -> {
      if (answer != null) {
        done.complete(answer);
      } else {
        done.completeExceptionally(failure);
      }
    };
  }

  /** {@code then}, handed a failure as {@link #failed} makes it (a connection lost dropped). */
  protected final Answered deliver(Answered then) {
    return (answer, failure) -> then.answered(answer, failure == null ? null : failed(failure));
  }

  /** Forgets a broken connection, closing it; its statements go with it. */
  @Override
  public final void drop() {
    W held = connection;
    connection = null;
    if (held != null) {
      close(held);
    }
  }

  @Override
  public final void close() {
    drop();
  }
}
