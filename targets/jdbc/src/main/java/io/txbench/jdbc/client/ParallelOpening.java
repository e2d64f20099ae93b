package io.txbench.jdbc.client;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import com.zaxxer.hikari.pool.HikariPool;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens a new HikariCP pool's connections on several threads at once, before anything borrows one.
 *
 * <p>HikariCP opens a pool's connections on one thread and sleeps 30 ms after each ({@code
 * HikariPool$PoolEntryCreator}, 7.1.0): 128 workers waited 7.1 s for theirs before the warm-up, 512
 * more than 25 s, where pgbench opens as many in a second or two (docs/benchmarks.md section 31).
 * HikariCP widens that same executor itself while it fills a new pool under its {@code
 * com.zaxxer.hikari.blockUntilFilled} property, to min(16, cores) threads (2 here), and narrows it
 * again before the pool is used: several threads opening while workers borrow could open more than
 * the pool's size. No setting reaches the executor otherwise, hence the reflection; where
 * HikariCP's inside is not as expected, the pool opens its connections on its one thread, as
 * before.
 */
final class ParallelOpening {
  private static final Logger LOG = LoggerFactory.getLogger(ParallelOpening.class);

  /**
   * A smaller pool fills on HikariCP's one thread while the data loads, as quickly: 8 connections
   * one at a time took 0.4 s beside the load; waiting for them before it, 0.2 s more.
   */
  static final int FEWEST = 16;

  /** At most this many connections are opened at once: enough that 512 take about a second. */
  static final int MOST_AT_ONCE = 32;

  /**
   * A fill that opens no connection for this long is left to the pool: the server refuses more (a
   * connection limit), and the workers' own wait says so, rather than twice that wait.
   */
  private static final Duration STALLED = Duration.ofSeconds(2);

  private ParallelOpening() {}

  /**
   * Waits, for at most {@code limit}, until {@code pool} holds its {@link
   * HikariDataSource#getMinimumIdle() minimum} of connections, opened up to {@link #MOST_AT_ONCE}
   * at a time; says whether it could open them in parallel. A server that refuses some leaves the
   * wait to its limit, and the pool's own time-out then says why to whoever borrows.
   */
  static boolean fill(HikariDataSource pool, Duration limit) throws InterruptedException {
    int wanted = pool.getMinimumIdle();
    HikariPoolMXBean counts = pool.getHikariPoolMXBean();
    ThreadPoolExecutor adder = adder(counts);
    if (wanted < FEWEST || adder == null) {
      return false;
    }
    int threads = Math.min(wanted, MOST_AT_ONCE);
    adder.setMaximumPoolSize(threads);
    adder.setCorePoolSize(threads);
    try {
      long giveUp = System.nanoTime() + limit.toNanos();
      long progressed = System.nanoTime();
      for (int open = counts.getTotalConnections();
          open < wanted && System.nanoTime() - giveUp < 0;
          open = counts.getTotalConnections()) {
        TimeUnit.MILLISECONDS.sleep(5);
        if (counts.getTotalConnections() > open) {
          progressed = System.nanoTime();
        } else if (System.nanoTime() - progressed > STALLED.toNanos()) {
          break; // a server that refuses more: whoever borrows waits, and is told why
        }
      }
    } finally {
      adder.setCorePoolSize(1);
      adder.setMaximumPoolSize(1);
    }
    return true;
  }

  /** HikariCP's executor that opens {@code pool}'s connections, or null where it is not found. */
  private static @Nullable ThreadPoolExecutor adder(HikariPoolMXBean pool) {
    try {
      Field field = HikariPool.class.getDeclaredField("addConnectionExecutor");
      field.setAccessible(true);
      return (ThreadPoolExecutor) field.get(pool);
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.debug("HikariCP opens its pool's connections one at a time: {}", e.toString());
      return null;
    }
  }
}
