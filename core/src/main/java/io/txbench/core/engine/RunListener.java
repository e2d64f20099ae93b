package io.txbench.core.engine;

import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.telemetry.TelemetryRow;

/**
 * Follows a run: a reporter. Called from the metrics thread, never from a worker; see {@link
 * #onTelemetry}.
 */
public interface RunListener {

  /** The run's workers are about to start; {@code startMillis} is the wall-clock start. */
  default void onStart(long startMillis, int threads) {}

  /** A metrics period ended; the last call has {@code stats.last()} set. */
  default void onInterval(IntervalStats stats) {}

  /**
   * A metrics period's telemetry: the machine's numbers, the server's processes' and the server's
   * own counters ({@code server.csv}). Called from the telemetry's own thread, not the metrics
   * thread; the last call comes before {@link #onEnd}.
   */
  default void onTelemetry(TelemetryRow row) {}

  /** The run ended and its last interval was reported. */
  default void onEnd(RunResult result) {}
}
