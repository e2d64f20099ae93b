package io.txbench.core;

import java.time.Instant;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** What a run measured, once its workers have stopped. */
public record RunResult(
    Instant start,
    Instant end,
    long measuredNanos,
    long iterations,
    long retries,
    long errors,
    Map<ErrorClass, Long> retriesByClass,
    Map<ErrorClass, Long> errorsByClass,
    Histogram responseTimes,
    Histogram serviceTimes,
    Histogram scheduleLags,
    long skipped,
    StopReason stopReason) {

  public double measuredSeconds() {
    return measuredNanos / 1e9;
  }

  /** Committed iterations per second of measured time. */
  public double tps() {
    return measuredNanos <= 0 ? 0 : iterations * 1e9 / measuredNanos;
  }

  public double percentileMillis(double percentile) {
    return responseTimes.getTotalCount() == 0
        ? 0
        : responseTimes.getValueAtPercentile(percentile) / 1e6;
  }

  public double maxMillis() {
    return responseTimes.getTotalCount() == 0 ? 0 : responseTimes.getMaxValue() / 1e6;
  }
}
