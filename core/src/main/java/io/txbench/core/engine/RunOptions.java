package io.txbench.core.engine;

import java.time.Duration;

/**
 * How the runner drives a workload: {@code length} ends the run, {@code pacing} says when its
 * iterations start. {@code maxErrors} 0 means unlimited.
 */
public record RunOptions(
    int parallelism,
    RunLength length,
    Duration metricsPeriod,
    int maxRetries,
    long maxErrors,
    long seed,
    Backoff backoff,
    Pacing pacing) {

  /** Whether iterations follow a schedule rather than each other. */
  public boolean openLoop() {
    return pacing instanceof OpenLoop;
  }

  /** The same run with another number of workers (a level of a sweep). */
  public RunOptions withParallelism(int workers) {
    return new RunOptions(
        workers, length, metricsPeriod, maxRetries, maxErrors, seed, backoff, pacing);
  }

  /** The same load for a warm-up of the given length, which nothing measures. */
  public RunOptions warmup(Duration length) {
    return new RunOptions(
        parallelism,
        new ForDuration(length),
        metricsPeriod,
        maxRetries,
        0,
        seed + 1,
        backoff,
        pacing);
  }

  public RunOptions {
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1");
    }
    if (length == null || pacing == null) {
      throw new IllegalArgumentException("a run needs a length and a pacing");
    }
  }
}
