package io.txbench.postgres.async;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.jdbc.async.ConnectionPool;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The connections the workers of {@code --pg-client async} share when they outnumber {@code
 * --max-connections}: taken and given back in turn, never more than the pool's size made, a wait
 * bounded by {@code --connection-wait-timeout}. No connection here connects: the pool only hands
 * them out.
 */
class AsyncPgPoolTest {
  private final AsyncPgClient client =
      AsyncPgClient.of(
          new TargetOptions(
              "127.0.0.1",
              1,
              "none",
              null,
              Secret.none(),
              null,
              2,
              2,
              Duration.ofSeconds(1),
              Duration.ofSeconds(1),
              OptionValues.defaults()));
  private final AtomicInteger made = new AtomicInteger();

  private ConnectionPool<AsyncPgConnection> pool(int size, Duration wait) {
    return new ConnectionPool<>(
        size,
        wait,
        () -> {
          made.incrementAndGet();
          return new AsyncPgConnection(
              client, List.of(), Set.of(), e -> Failure.fatal(ErrorClass.OTHER));
        });
  }

  @AfterEach
  void close() {
    client.close();
  }

  @Test
  void aTakerBeyondTheSizeWaitsForOneGivenBackAndNoMoreAreMade() throws Exception {
    ConnectionPool<AsyncPgConnection> pool = pool(2, Duration.ofSeconds(30));
    AsyncPgConnection first = pool.take().getNow(null);
    AsyncPgConnection second = pool.take().getNow(null);
    assertNotSame(first, second);
    CompletableFuture<AsyncPgConnection> third = pool.take();
    CompletableFuture<AsyncPgConnection> fourth = pool.take();
    assertFalse(third.isDone());
    pool.give(second);
    assertSame(second, third.get(5, TimeUnit.SECONDS)); // the first to wait is served first
    assertFalse(fourth.isDone());
    pool.give(first);
    assertSame(first, fourth.get(5, TimeUnit.SECONDS));
    pool.give(first);
    assertSame(first, pool.take().getNow(null)); // a free one, not a new one
    assertEquals(2, made.get());
  }

  @Test
  void aWaitLongerThanTheTimeoutFailsAsAConnectionNotHadAndIsPassedOver() throws Exception {
    ConnectionPool<AsyncPgConnection> pool = pool(1, Duration.ofMillis(100));
    AsyncPgConnection only = pool.take().getNow(null);
    CompletableFuture<AsyncPgConnection> late = pool.take();
    ExecutionException e = assertThrows(ExecutionException.class, late::get);
    SQLTransientConnectionException notHad =
        assertInstanceOf(SQLTransientConnectionException.class, e.getCause());
    String message = String.valueOf(notHad.getMessage());
    assertTrue(message.contains("--connection-wait-timeout"), message);
    assertEquals(0, pool.waiting(), "a waiter that timed out is forgotten at once");
    pool.give(only); // the waiter that timed out does not take it: the next taker does
    assertSame(only, pool.take().getNow(null));
    assertEquals(1, made.get());
  }

  @Test
  void theLastSessionToLeaveClosesTheConnectionsAndTheNextMakesNewOnes() {
    ConnectionPool<AsyncPgConnection> pool = pool(1, Duration.ofSeconds(30));
    pool.join();
    pool.join();
    AsyncPgConnection first = pool.take().getNow(null);
    pool.give(first);
    pool.close();
    assertSame(first, pool.take().getNow(null)); // one session still in
    pool.give(first);
    pool.close();
    assertNotSame(first, pool.take().getNow(null));
    assertEquals(2, made.get());
  }
}
