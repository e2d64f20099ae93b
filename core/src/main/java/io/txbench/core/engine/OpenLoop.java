package io.txbench.core.engine;

import java.time.Duration;
import java.util.Optional;

/**
 * Iterations scheduled at {@code rate} per second over all workers, spaced as {@code arrivals}
 * says; one that would start more than {@code maxLag} late is skipped (empty: none is).
 */
public record OpenLoop(double rate, Arrivals arrivals, Optional<Duration> maxLag)
    implements Pacing {
  public OpenLoop {
    if (!(rate > 0)) {
      throw new IllegalArgumentException("an open loop's rate must be positive, not " + rate);
    }
    if (arrivals == null || maxLag == null) {
      throw new IllegalArgumentException("an open loop needs its arrivals and its maximum lag");
    }
    if (maxLag.isPresent() && (maxLag.get().isNegative() || maxLag.get().isZero())) {
      throw new IllegalArgumentException("a maximum lag must be positive, not " + maxLag.get());
    }
  }

  /** Whether an iteration {@code lagNanos} behind its intended start is skipped. */
  boolean tooLate(long lagNanos) {
    return maxLag.isPresent() && lagNanos > maxLag.get().toNanos();
  }
}
