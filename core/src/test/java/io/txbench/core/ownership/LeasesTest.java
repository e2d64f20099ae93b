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
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The lease protocol over a store in memory, with a heartbeat and an expiry of milliseconds. */
class LeasesTest {
  private static final Duration BEAT = Duration.ofMillis(50);
  private static final Duration EXPIRY = Duration.ofMillis(300);

  /** Leases in a map, on the JVM's clock. */
  private static final class MemoryStore implements LeaseStore<RuntimeException> {
    final Map<String, LeaseRecord> leases = new ConcurrentHashMap<>();

    @Override
    public Snapshot read() {
      return new Snapshot(System.currentTimeMillis(), new ArrayList<>(leases.values()));
    }

    @Override
    public void insert(LeaseRecord l) {
      long now = System.currentTimeMillis();
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
                  System.currentTimeMillis()));
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
      Thread.sleep(EXPIRY.toMillis() * 3);
      assertThrows(LeaseRefusedException.class, () -> take(store, "items", LeaseMode.SHARED));
    }
  }

  @Test
  void aLeaseWhoseHolderDiedExpiresAndIsRemoved() throws Exception {
    MemoryStore store = new MemoryStore();
    store.insert(new LeaseRecord("dead", "items", LeaseMode.EXCLUSIVE, "h", 1, 0, 0));
    Thread.sleep(EXPIRY.toMillis() + 100);
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
