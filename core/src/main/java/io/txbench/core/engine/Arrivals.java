package io.txbench.core.engine;

import java.util.Locale;

/** How an open loop spaces its intended start times. */
public enum Arrivals {
  /** Evenly spaced. */
  UNIFORM,
  /** Exponential gaps: a Poisson arrival process. */
  POISSON;

  /** As {@code --rate-distribution} is written, and as summary.json shows it. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
