package io.txbench.core.engine;

/** Why a run ended. */
public enum StopReason {
  DURATION_ELAPSED,
  ITERATIONS_DONE,
  MAX_ERRORS,
  INTERRUPTED
}
