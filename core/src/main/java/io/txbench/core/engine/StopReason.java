package io.txbench.core.engine;

public enum StopReason {
  DURATION_ELAPSED,
  ITERATIONS_DONE,
  MAX_ERRORS,
  INTERRUPTED
}
