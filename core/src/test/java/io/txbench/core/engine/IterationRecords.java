package io.txbench.core.engine;

import io.txbench.core.spi.Worker;

/**
 * Opens and closes a worker's iteration record as the runner does, for tests that drive a session
 * by hand (a session refuses to commit outside an iteration).
 */
public final class IterationRecords {
  private IterationRecords() {}

  public static void begin(Worker worker) {
    if (!worker.effects().begin()) {
      throw new IllegalStateException("the worker was abandoned");
    }
  }

  /** Ends the iteration: what the server may hold of it, were it a failure (NONE, PARTIAL...). */
  public static String end(Worker worker) {
    return String.valueOf(worker.effects().end());
  }
}
