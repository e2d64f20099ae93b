package io.txbench.core;

import java.time.Duration;

/**
 * How the runner drives a workload. Exactly one of {@code duration} and {@code iterations} bounds
 * the run: a {@code null} duration means the iteration count does; {@code iterations} 0 means the
 * duration does. {@code maxErrors} 0 means unlimited. {@code rate} 0 is a closed loop (each worker
 * starts its next iteration when the last one ends); otherwise iterations are scheduled at that
 * many per second over all workers, evenly or as a Poisson process, and one that would start more
 * than {@code maxLag} late is skipped ({@code Duration.ZERO}: never).
 */
public record RunOptions(
    int parallelism,
    Duration duration,
    long iterations,
    Duration metricsPeriod,
    int maxRetries,
    long maxErrors,
    long seed,
    Backoff backoff,
    double rate,
    boolean poisson,
    Duration maxLag) {

  /** A closed-loop run. */
  public RunOptions(int parallelism, Duration duration, long iterations, Duration metricsPeriod,
      int maxRetries, long maxErrors, long seed, Backoff backoff) {
    this(parallelism, duration, iterations, metricsPeriod, maxRetries, maxErrors, seed, backoff,
        0, false, Duration.ZERO);
  }

  /** Whether iterations follow a schedule rather than each other. */
  public boolean openLoop() {
    return rate > 0;
  }

  /** The same run with another number of workers (a level of a sweep). */
  public RunOptions withParallelism(int workers) {
    return new RunOptions(workers, duration, iterations, metricsPeriod, maxRetries, maxErrors,
        seed, backoff, rate, poisson, maxLag);
  }

  /** The same load for a warm-up of the given length, which nothing measures. */
  public RunOptions warmup(Duration length) {
    return new RunOptions(parallelism, length, 0, metricsPeriod, maxRetries, 0, seed + 1, backoff,
        rate, poisson, maxLag);
  }

  public RunOptions {
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1");
    }
    if ((duration == null) == (iterations <= 0)) {
      throw new IllegalArgumentException("give either a duration or an iteration count");
    }
    if (rate < 0) {
      throw new IllegalArgumentException("rate must not be negative");
    }
  }
}
