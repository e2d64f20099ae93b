package io.txbench.core.engine;

import java.time.Duration;

/** A run that lasts {@code length}: no iteration starts after it. */
public record ForDuration(Duration length) implements RunLength {
  public ForDuration {
    if (length == null || length.isNegative() || length.isZero()) {
      throw new IllegalArgumentException("a run's duration must be positive, not " + length);
    }
  }
}
