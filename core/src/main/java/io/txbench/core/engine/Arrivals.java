package io.txbench.core.engine;

/** How an open loop spaces its intended start times. */
public enum Arrivals {
  /** Evenly spaced. */
  UNIFORM,
  /** Exponential gaps: a Poisson arrival process. */
  POISSON
}
