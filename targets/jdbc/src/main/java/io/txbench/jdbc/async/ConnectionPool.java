package io.txbench.jdbc.async;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The connections of an event-loop client an iteration takes one of and gives back once it ends: a
 * worker's own (a pool of one, when {@code --max-connections} has one for every worker), or {@code
 * --max-connections} shared by every worker, as the JDBC workers share HikariCP's. An iteration
 * that finds none free waits in turn, without blocking a thread, up to {@code
 * --connection-wait-timeout}, and then fails as a connection not had, which the target classifies
 * as the JDBC pool's.
 *
 * @param <C> the client's connection
 */
public class ConnectionPool<C extends ConnectionPool.Pooled> implements AutoCloseable {
  /** A connection of the pool: made closed, opened when first needed. */
  public interface Pooled extends AutoCloseable {
    /** Opens the connection if it is not, waiting up to {@code seconds}: outside the run only. */
    void openWithin(long seconds) throws SQLException;

    @Override
    void close();
  }

  private final int size;
  private final Duration wait;
  private final Supplier<C> opener;
  private final List<C> all = new ArrayList<>();
  private final ArrayDeque<C> free = new ArrayDeque<>();
  private final ArrayDeque<CompletableFuture<C>> waiting = new ArrayDeque<>();
  private int users;

  /** Up to {@code size} connections, each made by {@code opener} when first needed. */
  public ConnectionPool(int size, Duration wait, Supplier<C> opener) {
    this.size = size;
    this.wait = wait;
    this.opener = opener;
  }

  /** One more session takes its connections here; the last to close closes them. */
  public synchronized ConnectionPool<C> join() {
    users++;
    return this;
  }

  /** A connection of the pool, now or when one is given back. */
  public CompletableFuture<C> take() {
    CompletableFuture<C> turn;
    synchronized (this) {
      C connection = poll();
      if (connection != null) {
        return CompletableFuture.completedFuture(connection);
      }
      turn = new CompletableFuture<>();
      waiting.add(turn);
    }
    return turn.orTimeout(wait.toMillis(), TimeUnit.MILLISECONDS)
        .exceptionallyCompose(
            failure -> {
              forget(turn); // a server that never frees one would otherwise pile them up
              return CompletableFuture.failedFuture(
                  failure instanceof TimeoutException ? notHad() : failure);
            });
  }

  private synchronized void forget(CompletableFuture<C> turn) {
    waiting.removeIf(waiter -> waiter == turn);
  }

  /** How many iterations wait for a connection now; for tests. */
  public synchronized int waiting() {
    return waiting.size();
  }

  /** A connection of the pool, waited for on this thread: outside the run's chains only. */
  public C takeNow() throws SQLException {
    try {
      return take().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLTransientConnectionException("interrupted while waiting for a connection", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof SQLException sql ? sql : new SQLException(e.getCause());
    }
  }

  /**
   * A free connection, or a new one (not yet open) while the pool has fewer than its size; null
   * when every one is taken.
   */
  public synchronized @Nullable C poll() {
    C connection = free.poll();
    if (connection == null && all.size() < size) {
      connection = opener.get();
      all.add(connection);
    }
    return connection;
  }

  private SQLException notHad() {
    return new SQLTransientConnectionException(
        "no connection of "
            + size
            + " free within "
            + wait.toMillis()
            + " ms (--connection-wait-timeout allows longer)");
  }

  /** Gives {@code connection} back: to the first iteration still waiting, or to the free ones. */
  public void give(C connection) {
    while (true) {
      CompletableFuture<C> next;
      synchronized (this) {
        next = waiting.poll();
        if (next == null) {
          free.push(connection);
          return;
        }
      }
      if (next.complete(connection)) {
        return; // one that timed out meanwhile is passed over
      }
    }
  }

  /** Opens every connection of the pool, before the run; fails with the first that cannot. */
  public void openAll(long seconds) throws SQLException {
    List<C> opened = new ArrayList<>();
    try {
      for (int i = 0; i < size; i++) {
        C connection = poll();
        if (connection == null) {
          break; // every one is taken already
        }
        opened.add(connection);
        connection.openWithin(seconds);
      }
    } finally {
      opened.forEach(this::give);
    }
  }

  /** Leaves the pool; the last session to leave closes its connections (opened again if needed). */
  @Override
  public void close() {
    List<C> opened;
    synchronized (this) {
      if (--users > 0) {
        return;
      }
      opened = List.copyOf(all);
      all.clear();
      free.clear();
    }
    opened.forEach(Pooled::close);
  }
}
