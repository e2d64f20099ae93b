package io.txbench.core.metrics;

public enum StopReason {
  DURATION_ELAPSED,
  ITERATIONS_DONE,
  MAX_ERRORS,
  INTERRUPTED
}
