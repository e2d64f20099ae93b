package io.txbench.core.run;

/**
 * A stop asked for from any thread (a signal, a caller giving up): it stops the step under way (a
 * load, a warm-up, a measured run) and, since it stays asked for, every step after it at once.
 */
final class StopSwitch {
  private volatile boolean requested;
  private volatile Runnable current = () -> {};

  /** Stops the step under way, and those to come. */
  void request() {
    requested = true;
    current.run();
  }

  /**
   * Whether a stop was asked for: what follows a stopped run then reads nothing more from the
   * server (a frozen one would hold up the run's record until the signal's wait runs out).
   */
  boolean requested() {
    return requested;
  }

  /**
   * How to stop the step now starting. Set before the check: a request either sees this step or is
   * seen by the check, never neither.
   */
  void watch(Runnable stopStep) {
    current = stopStep;
    if (requested) {
      stopStep.run();
    }
  }
}
