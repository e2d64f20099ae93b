package io.txbench.cli;

import java.util.Locale;

/** How an open loop spaces its intended start times ({@code --rate-distribution}). */
enum RateDistribution {
  /** Evenly spaced. */
  UNIFORM,
  /** Exponential gaps: a Poisson arrival process. */
  POISSON;

  /** As the option is written, and as summary.json shows it. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
