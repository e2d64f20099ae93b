package io.txbench.cli;

import io.txbench.core.engine.Arrivals;
import java.util.Locale;

/** How an open loop spaces its intended start times ({@code --rate-distribution}). */
enum RateDistribution {
  /** Evenly spaced. */
  UNIFORM,
  /** Exponential gaps: a Poisson arrival process. */
  POISSON;

  /** The same spacing as core knows it. */
  Arrivals arrivals() {
    return this == POISSON ? Arrivals.POISSON : Arrivals.UNIFORM;
  }

  /** As the option is written, and as summary.json shows it. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
