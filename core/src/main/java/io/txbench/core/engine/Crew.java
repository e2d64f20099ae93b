package io.txbench.core.engine;

import io.txbench.core.spi.Worker;
import io.txbench.core.spi.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * The workers of a benchmark and their sessions, kept from one run to the next (the warm-up, the
 * measured run, each level of a sweep), so that no run measures connecting or preparing. A worker
 * the runner abandoned (still busy after a run's grace period) is retired and replaced: its thread
 * may still be blocked on the server, and its session is left to that thread.
 */
public final class Crew<S extends AutoCloseable> implements AutoCloseable {
  private static final long JOIN_MILLIS = 1_000;
  private final Workload<S, ?> workload;
  private final int capacity;
  private final List<Member<S>> members = new ArrayList<>();
  private final List<Member<S>> retired = new ArrayList<>();

  /** A crew of at most {@code capacity} workers (the largest parallelism it will run at). */
  public Crew(Workload<S, ?> workload, int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("a crew has at least one worker");
    }
    this.workload = workload;
    this.capacity = capacity;
  }

  public Workload<S, ?> workload() {
    return workload;
  }

  public int capacity() {
    return capacity;
  }

  /** The first {@code count} workers, ready for a run seeded with {@code seed}. */
  synchronized List<Member<S>> enlist(int count, long seed) {
    if (count > capacity) {
      throw new IllegalArgumentException(count + " workers asked of a crew of " + capacity);
    }
    List<Member<S>> enlisted = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      if (i == members.size()) {
        members.add(new Member<>(new Worker(i, capacity, seed)));
      }
      Member<S> m = members.get(i);
      if (!finished(m)) {
        // Its last run's loop has not let go of it: it is as good as abandoned.
        retired.add(m);
        m = new Member<>(new Worker(i, capacity, seed));
        members.set(i, m);
      }
      m.worker().reseed(seed);
      enlisted.add(m);
    }
    return enlisted;
  }

  private static boolean finished(Member<?> member) {
    try {
      return member.awaitIdle(JOIN_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !member.busy();
    }
  }

  /** How many of the workers in service have their session open. */
  public synchronized int sessionsOpen() {
    return (int) members.stream().filter(Member::hasSession).count();
  }

  /** Takes an abandoned member out of service; its thread owns its session from now on. */
  synchronized void retire(Member<S> member) {
    int i = members.indexOf(member);
    if (i >= 0) {
      members.set(i, new Member<>(new Worker(i, capacity, 0)));
      retired.add(member);
    }
  }

  /**
   * Iterations of earlier runs left in doubt whose threads still wait on the server: their commit
   * may still land, after the next run's baseline was taken.
   */
  public synchronized long unsettled() {
    return retired.stream().filter(Member::unsettled).count();
  }

  /** Closes the sessions of the workers in service. */
  @Override
  public synchronized void close() {
    members.forEach(Member::closeSession);
    members.clear();
  }
}
