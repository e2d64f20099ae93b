package io.txbench.core.metrics;

import org.HdrHistogram.Histogram;

/**
 * One operation of a mix over a period or a whole run (YCSB's {@code [READ]}, {@code [UPDATE]}
 * sections): the response times of its completed iterations (nanoseconds; their count is the
 * completed count), how many of those were declined (a row not found: nothing written), and its
 * failed and in-doubt iterations.
 */
public record OperationStats(Histogram responseTimes, long declined, long errors, long inDoubt) {

  /** Completed iterations of the operation: committed or declined. */
  public long count() {
    return responseTimes.getTotalCount();
  }

  /** The response time at a percentile (0-100) in milliseconds; 0 when nothing was recorded. */
  public double percentileMillis(double percentile) {
    return count() == 0 ? 0 : responseTimes.getValueAtPercentile(percentile) / 1e6;
  }

  public double meanMillis() {
    return count() == 0 ? 0 : responseTimes.getMean() / 1e6;
  }

  public double maxMillis() {
    return count() == 0 ? 0 : responseTimes.getMaxValue() / 1e6;
  }
}
