package io.txbench.core;

/** Follows a run: a reporter. Called from the metrics thread, never from a worker. */
public interface RunListener {

  /** The run's workers are about to start; {@code startMillis} is the wall-clock start. */
  default void onStart(long startMillis, int threads) {}

  /** A metrics period ended; the last call has {@code stats.last()} set. */
  default void onInterval(IntervalStats stats) {}

  /** The run ended and its last interval was reported. */
  default void onEnd(RunResult result) {}
}
