package io.txbench.core.ownership;

import io.txbench.core.spi.Causes;
import io.txbench.core.spi.LeaseRefusedException;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lease protocol, the same on every target: write one's own lease, then look for a live one it
 * cannot coexist with, and if there is one, withdraw and refuse. Of two processes doing this at the
 * same time at least one sees the other, since each writes before it reads, so two never both
 * proceed (both may be refused). A lease beats every few seconds; one whose heartbeat stopped
 * longer ago than {@link #EXPIRY} belongs to a process that is gone, and is removed.
 */
public final class Leases {
  public static final Duration HEARTBEAT = Duration.ofSeconds(5);
  public static final Duration EXPIRY = Duration.ofSeconds(30);
  private static final Logger LOG = LoggerFactory.getLogger(Leases.class);
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
          .withZone(ZoneOffset.UTC);

  private Leases() {}

  /**
   * Takes a lease on the tables of {@code group} ({@link LeaseRecord#ALL_GROUPS} for all).
   *
   * @throws LeaseRefusedException when another live lease is in the way; it names its holder
   */
  public static <X extends Exception> Lease acquire(
      LeaseStore<X> store, String group, LeaseMode mode) throws LeaseRefusedException, X {
    return acquire(store, group, mode, HEARTBEAT, EXPIRY);
  }

  /** The same with another heartbeat and expiry; for tests that cannot wait half a minute. */
  static <X extends Exception> Lease acquire(
      LeaseStore<X> store, String group, LeaseMode mode, Duration heartbeat, Duration expiry)
      throws LeaseRefusedException, X {
    String id = UUID.randomUUID().toString();
    store.insert(new LeaseRecord(id, group, mode, host(), ProcessHandle.current().pid(), 0, 0));
    LeaseStore.Snapshot snapshot = store.read();
    for (LeaseRecord other : snapshot.leases()) {
      if (other.id().equals(id)) {
        continue;
      }
      if (snapshot.nowMillis() - other.heartbeatMillis() > expiry.toMillis()) {
        store.expire(other.id(), other.heartbeatMillis());
        LOG.info(
            "removed a stale lease of txbench on {} (pid {}), silent for {} s",
            other.host(),
            other.pid(),
            (snapshot.nowMillis() - other.heartbeatMillis()) / 1000);
        continue;
      }
      if (other.conflictsWith(group, mode)) {
        store.release(id);
        throw new LeaseRefusedException(refusal(other, snapshot.nowMillis(), group, expiry));
      }
    }
    return new Held(store, id, heartbeat);
  }

  static String refusal(LeaseRecord holder, long nowMillis, String group, Duration expiry) {
    String tables =
        group.equals(LeaseRecord.ALL_GROUPS) ? "txbench's tables" : "the " + group + " tables";
    return tables
        + " are in use by another txbench (host "
        + holder.host()
        + ", pid "
        + holder.pid()
        + ", "
        + holder.doing()
        + " since "
        + TIME.format(Instant.ofEpochMilli(holder.startedMillis()))
        + ", last heartbeat "
        + Math.max(0, (nowMillis - holder.heartbeatMillis()) / 1000)
        + " s ago): try again once it"
        + " has finished; a lease whose heartbeat stops expires after "
        + expiry.toSeconds()
        + " s";
  }

  private static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }

  /** A lease this process holds, and its heartbeat. */
  private static final class Held implements Lease {
    private final LeaseStore<?> store;
    private final String id;
    private final ScheduledExecutorService heart;
    private final java.util.concurrent.locks.ReentrantLock beating =
        new java.util.concurrent.locks.ReentrantLock();
    private final java.util.concurrent.atomic.AtomicLong answered =
        new java.util.concurrent.atomic.AtomicLong();
    private final java.util.concurrent.atomic.AtomicLong unanswered =
        new java.util.concurrent.atomic.AtomicLong();

    Held(LeaseStore<?> store, String id, Duration heartbeat) {
      this.store = store;
      this.id = id;
      this.heart =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "txbench-lease");
                t.setDaemon(true);
                return t;
              });
      long period = heartbeat.toMillis();
      // Stopped by shutting the executor down; beat() catches and logs its own failures.
      ScheduledFuture<?> unused =
          heart.scheduleWithFixedDelay(this::beat, period, period, TimeUnit.MILLISECONDS);
    }

    private void beat() {
      beating.lock();
      try {
        store.beat(id);
        answered.incrementAndGet();
      } catch (Exception e) {
        unanswered.incrementAndGet();
        // A server that is gone takes the lease with it; the run says what happened.
        LOG.debug("lease heartbeat failed: {}", Causes.describe(e));
      } finally {
        beating.unlock();
      }
    }

    @Override
    public Beats beats() {
      return new Beats(answered.get(), unanswered.get());
    }

    @Override
    public <T> T betweenBeats(java.util.concurrent.Callable<T> action) throws Exception {
      if (!beating.tryLock(EXPIRY.toSeconds(), TimeUnit.SECONDS)) {
        throw new IllegalStateException("a heartbeat of txbench's lease has not ended");
      }
      try {
        return action.call();
      } finally {
        beating.unlock();
      }
    }

    @Override
    public void share() throws Exception {
      store.changeMode(id, LeaseMode.SHARED);
    }

    @Override
    public void close() {
      heart.shutdownNow();
      try {
        store.release(id);
      } catch (Exception e) {
        LOG.debug("could not release the lease: {}", Causes.describe(e));
      }
    }
  }
}
