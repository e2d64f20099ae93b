package io.txbench.core.engine;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The intended start times of an open-loop run at {@code rate} iterations per second over all
 * workers: evenly spaced, or with exponential gaps (a Poisson process). Any free worker takes the
 * next slot, so one slow iteration does not hold back the slots behind it.
 */
final class StartSchedule {
  private final AtomicLong next;
  private final double periodNanos;
  private final OpenLoop pacing;

  StartSchedule(long startNanos, OpenLoop pacing) {
    this.next = new AtomicLong(startNanos);
    this.periodNanos = 1e9 / pacing.rate();
    this.pacing = pacing;
  }

  /** Whether an iteration {@code lagNanos} behind its slot is skipped rather than started. */
  boolean tooLate(long lagNanos) {
    return pacing.tooLate(lagNanos);
  }

  /** The intended start of the next iteration, in {@link System#nanoTime()} terms. */
  long next(SplittableRandom random) {
    return next.getAndAdd(gap(random));
  }

  private long gap(SplittableRandom random) {
    double gap =
        pacing.arrivals() == Arrivals.POISSON
            ? -Math.log(1.0 - random.nextDouble()) * periodNanos
            : periodNanos;
    return Math.max(1, Math.round(gap));
  }

  /**
   * Takes every slot left before {@code endNanos} and says how many there were: iterations due in
   * the window that no worker was free to start (all of them stuck on a stalled server). Call it
   * once no worker takes slots any more.
   */
  long takeRemainingBefore(long endNanos, SplittableRandom random) {
    long count = 0;
    while (next.get() - endNanos < 0) {
      next.getAndAdd(gap(random));
      count++;
    }
    return count;
  }
}
