package io.txbench.mysql.async;

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
 * The connections an iteration takes one of and gives back once it ends: a worker's own (a pool of
 * one, when {@code --max-connections} has one for every worker), or {@code --max-connections}
 * shared by every worker, as the JDBC workers share HikariCP's. An iteration that finds none free
 * waits in turn, without blocking a thread, up to {@code --connection-wait-timeout}, and then fails
 * as a connection not had, which the target classifies as the JDBC pool's.
 */
final class AsyncMySqlPool implements AutoCloseable {
  private final int size;
  private final Duration wait;
  private final Supplier<AsyncMySqlConnection> opener;
  private final List<AsyncMySqlConnection> all = new ArrayList<>();
  private final ArrayDeque<AsyncMySqlConnection> free = new ArrayDeque<>();
  private final ArrayDeque<CompletableFuture<AsyncMySqlConnection>> waiting = new ArrayDeque<>();
  private int users;

  /** Up to {@code size} connections, each made by {@code opener} when first needed. */
  AsyncMySqlPool(int size, Duration wait, Supplier<AsyncMySqlConnection> opener) {
    this.size = size;
    this.wait = wait;
    this.opener = opener;
  }

  /** One more session takes its connections here; the last to close closes them. */
  synchronized AsyncMySqlPool join() {
    users++;
    return this;
  }

  /** A connection of the pool, now or when one is given back. */
  CompletableFuture<AsyncMySqlConnection> take() {
    CompletableFuture<AsyncMySqlConnection> turn;
    synchronized (this) {
      AsyncMySqlConnection connection = poll();
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

  private synchronized void forget(CompletableFuture<AsyncMySqlConnection> turn) {
    waiting.removeIf(waiter -> waiter == turn);
  }

  /** How many iterations wait for a connection now; for tests. */
  synchronized int waiting() {
    return waiting.size();
  }

  /** A connection of the pool, waited for on this thread: outside the run's chains only. */
  AsyncMySqlConnection takeNow() throws SQLException {
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
  synchronized @Nullable AsyncMySqlConnection poll() {
    AsyncMySqlConnection connection = free.poll();
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
  void give(AsyncMySqlConnection connection) {
    while (true) {
      CompletableFuture<AsyncMySqlConnection> next;
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
  void openAll(long seconds) throws SQLException {
    List<AsyncMySqlConnection> opened = new ArrayList<>();
    try {
      for (int i = 0; i < size; i++) {
        AsyncMySqlConnection connection = poll();
        if (connection == null) {
          break; // every one is taken already
        }
        opened.add(connection);
        connection.await(connection.connected(), seconds);
      }
    } finally {
      opened.forEach(this::give);
    }
  }

  /** Leaves the pool; the last session to leave closes its connections (opened again if needed). */
  @Override
  public void close() {
    List<AsyncMySqlConnection> opened;
    synchronized (this) {
      if (--users > 0) {
        return;
      }
      opened = List.copyOf(all);
      all.clear();
      free.clear();
    }
    opened.forEach(AsyncMySqlConnection::close);
  }
}
