package io.txbench.core.engine;

import java.time.Duration;
import java.util.SplittableRandom;

/**
 * Exponential backoff with full jitter: before attempt {@code n + 1} a worker sleeps a random time
 * between 0 and {@code min(max, base * 2^n)}, so that workers that failed together do not retry
 * together.
 */
public record Backoff(Duration base, Duration max) {

  public static Backoff defaults() {
    return new Backoff(Duration.ofMillis(2), Duration.ofSeconds(1));
  }

  /** The ceiling of the delay after {@code attempt} failures (0-based), in nanoseconds. */
  public long ceilingNanos(int attempt) {
    long baseNanos = base.toNanos();
    long maxNanos = max.toNanos();
    if (attempt >= 62 || baseNanos << attempt >>> attempt != baseNanos) {
      return maxNanos;
    }
    return Math.min(maxNanos, baseNanos << attempt);
  }

  /** A random delay in [0, ceiling] for the given attempt, in nanoseconds. */
  public long delayNanos(int attempt, SplittableRandom random) {
    long ceiling = ceilingNanos(attempt);
    return ceiling <= 0 ? 0 : random.nextLong(ceiling + 1);
  }
}
