package io.txbench.core.metrics;

import org.HdrHistogram.Histogram;

/**
 * A run's times, in nanoseconds: each iteration's response time (from its intended start), its
 * service time (from its actual start; the same in a closed loop) and how late it started.
 */
public record Latencies(Histogram responseTimes, Histogram serviceTimes, Histogram scheduleLags) {

  /** The times of a sample of the metrics, a period's or the whole run's. */
  public static Latencies of(Metrics.Sample sample) {
    return new Latencies(sample.responseTimes(), sample.serviceTimes(), sample.scheduleLags());
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
