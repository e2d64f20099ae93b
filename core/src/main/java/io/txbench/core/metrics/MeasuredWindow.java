package io.txbench.core.metrics;

import java.time.Instant;

/**
 * When a run measured: its window runs from {@code start} to {@code end}, {@code nanos} long, and
 * closed for {@code stopReason}.
 */
public record MeasuredWindow(Instant start, Instant end, long nanos, StopReason stopReason) {

  public double seconds() {
    return nanos / 1e9;
  }

  /** {@code events} per second of the window; 0 for an empty window. */
  public double perSecond(long events) {
    return nanos <= 0 ? 0 : events * 1e9 / nanos;
  }
}
