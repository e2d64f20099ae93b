package io.txbench.core.ownership;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.LeaseRefusedException;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The lease protocol over a store in memory, with a heartbeat of milliseconds, on a clock of the
 * test's own: a lease expires when the test moves the clock on, never because a busy machine held
 * the heartbeat's thread back.
 */
class LeasesTest {
  private static final Duration BEAT = Duration.ofMillis(50);
  private static final Duration EXPIRY = Duration.ofMillis(300);

  /** Leases in a map, on the test's clock, which only the test moves. */
  private static final class MemoryStore implements LeaseStore<RuntimeException> {
    final Map<String, LeaseRecord> leases = new ConcurrentHashMap<>();
    final AtomicLong nowMillis = new AtomicLong(1_000_000);

    /**
     * Moves the clock on by {@code millis}; whether {@code id} then beats at the new time (a minute
     * only turns a heartbeat that never comes into a failure).
     */
    boolean passAndBeats(long millis, String id) throws InterruptedException {
      long now = nowMillis.addAndGet(millis);
      long giveUp = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
      while (Objects.requireNonNull(leases.get(id)).heartbeatMillis() < now) {
        if (System.nanoTime() > giveUp) {
          return false;
        }
        Thread.sleep(10);
      }
      return true;
    }

    @Override
    public Snapshot read() {
      return new Snapshot(nowMillis.get(), new ArrayList<>(leases.values()));
    }

    @Override
    public void insert(LeaseRecord l) {
      long now = nowMillis.get();
      leases.put(l.id(), new LeaseRecord(l.id(), l.group(), l.mode(), l.host(), l.pid(), now, now));
    }

    @Override
    public void beat(String id) {
      leases.computeIfPresent(
          id,
          (k, l) ->
              new LeaseRecord(
                  l.id(),
                  l.group(),
                  l.mode(),
                  l.host(),
                  l.pid(),
                  l.startedMillis(),
                  nowMillis.get()));
    }

    @Override
    public void changeMode(String id, LeaseMode mode) {
      leases.computeIfPresent(
          id,
          (k, l) ->
              new LeaseRecord(
                  l.id(),
                  l.group(),
                  mode,
                  l.host(),
                  l.pid(),
                  l.startedMillis(),
                  l.heartbeatMillis()));
    }

    @Override
    public boolean expire(String id, long heartbeat) {
      LeaseRecord l = leases.get(id);
      return l != null && l.heartbeatMillis() == heartbeat && leases.remove(id, l);
    }

    @Override
    public void release(String id) {
      leases.remove(id);
    }
  }

  private static Lease take(MemoryStore store, String group, LeaseMode mode) throws Exception {
    return Leases.acquire(store, group, mode, BEAT, EXPIRY);
  }

  @Test
  void exclusiveExcludesEverythingAndSharedOnlyExclusive() throws Exception {
    MemoryStore store = new MemoryStore();
    try (Lease run = take(store, "items", LeaseMode.SHARED);
        Lease otherRun = take(store, "items", LeaseMode.SHARED);
        Lease elsewhere = take(store, "airline", LeaseMode.EXCLUSIVE)) {
      LeaseRefusedException e =
          assertThrows(
              LeaseRefusedException.class, () -> take(store, "items", LeaseMode.EXCLUSIVE));
      assertTrue(
          String.valueOf(e.getMessage())
              .startsWith("the items tables are in use by another txbench"),
          e.getMessage());
      assertThrows(
          LeaseRefusedException.class,
          () -> take(store, LeaseRecord.ALL_GROUPS, LeaseMode.EXCLUSIVE));
      assertThrows(LeaseRefusedException.class, () -> take(store, "airline", LeaseMode.SHARED));
      assertEquals(3, store.leases.size(), "a refused lease was left behind");
    }
    assertEquals(0, store.leases.size());
  }

  @Test
  void theHeartbeatKeepsALeaseAliveLongPastItsExpiry() throws Exception {
    MemoryStore store = new MemoryStore();
    try (Lease held = take(store, "items", LeaseMode.EXCLUSIVE)) {
      String id = store.leases.keySet().iterator().next();
      for (int step = 0; step < 3; step++) { // three expiries, each step a little shorter
        assertTrue(store.passAndBeats(EXPIRY.toMillis() - 1, id), "no heartbeat");
      }
      assertThrows(LeaseRefusedException.class, () -> take(store, "items", LeaseMode.SHARED));
    }
  }

  @Test
  void aLeaseWhoseHolderDiedExpiresAndIsRemoved() throws Exception {
    MemoryStore store = new MemoryStore();
    store.insert(new LeaseRecord("dead", "items", LeaseMode.EXCLUSIVE, "h", 1, 0, 0));
    store.nowMillis.addAndGet(EXPIRY.toMillis() + 1);
    try (Lease taken = take(store, "items", LeaseMode.EXCLUSIVE)) {
      assertTrue(!store.leases.containsKey("dead"));
    }
  }

  @Test
  void sharingAnExclusiveLeaseLetsRunsInAndStillKeepsPreparesOut() throws Exception {
    MemoryStore store = new MemoryStore();
    try (Lease prepared = take(store, "items", LeaseMode.EXCLUSIVE)) {
      assertThrows(LeaseRefusedException.class, () -> take(store, "items", LeaseMode.SHARED));
      prepared.share();
      take(store, "items", LeaseMode.SHARED).close();
      assertThrows(LeaseRefusedException.class, () -> take(store, "items", LeaseMode.EXCLUSIVE));
    }
  }

  @Test
  void ofTwoExclusiveLeasesTakenAtOnceNeverBothAreGranted() throws Exception {
    for (int round = 0; round < 50; round++) {
      MemoryStore store = new MemoryStore();
      List<Lease> granted = java.util.Collections.synchronizedList(new ArrayList<>());
      Runnable attempt =
          () -> {
            try {
              granted.add(take(store, "items", LeaseMode.EXCLUSIVE));
            } catch (LeaseRefusedException refused) {
              // The other one won, or both were refused.
            } catch (Exception e) {
              throw new IllegalStateException(e);
            }
          };
      Thread a = new Thread(attempt);
      Thread b = new Thread(attempt);
      a.start();
      b.start();
      a.join();
      b.join();
      assertTrue(granted.size() <= 1, "both granted in round " + round);
      granted.forEach(Lease::close);
    }
  }
}
