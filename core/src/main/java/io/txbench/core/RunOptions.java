package io.txbench.core;

import java.time.Duration;

/**
 * How the runner drives a workload. Exactly one of {@code duration} and {@code iterations} bounds
 * the run: a {@code null} duration means the iteration count does; {@code iterations} 0 means the
 * duration does. {@code maxErrors} 0 means unlimited.
 */
public record RunOptions(
    int parallelism,
    Duration duration,
    long iterations,
    Duration metricsPeriod,
    int maxRetries,
    long maxErrors,
    long seed,
    Backoff backoff) {

  public RunOptions {
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1");
    }
    if ((duration == null) == (iterations <= 0)) {
      throw new IllegalArgumentException("give either a duration or an iteration count");
    }
  }
}
