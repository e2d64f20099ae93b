package io.txbench.core.metrics;

import org.HdrHistogram.Histogram;

/**
 * One metrics period: the response and service times of the iterations committed in it
 * (nanoseconds; the same in a closed loop), and the retries, errors, in-doubt and declined
 * iterations counted in it (the declined are among the {@link #count()}), and what the client used
 * of its machine meanwhile ({@code client}). {@code elapsedNanos} is the time from the run's start
 * to the period's end. The last period ends with the measured window, and also holds the iterations
 * that committed in the grace after it (but not the client's use of the grace). {@code breakdown}
 * holds a mix's operations and the statements run in the period, for the workloads that record
 * them.
 */
public record IntervalStats(
    long elapsedNanos,
    long intervalNanos,
    Histogram responseTimes,
    Histogram serviceTimes,
    long retries,
    long errors,
    long inDoubt,
    long declined,
    ClientUsage client,
    int threads,
    boolean last,
    Breakdown breakdown) {

  /** Statements per second over this period (sysbench's qps), by read, write and other. */
  public double qps(long statements) {
    return perSecond(statements);
  }

  public long count() {
    return responseTimes.getTotalCount();
  }

  /** Iterations per second over this period. */
  public double tps() {
    return intervalNanos <= 0 ? 0 : count() * 1e9 / intervalNanos;
  }

  public double perSecond(long events) {
    return intervalNanos <= 0 ? 0 : events * 1e9 / intervalNanos;
  }

  /** The response time at a percentile (0-100) in milliseconds; 0 when nothing was recorded. */
  public double percentileMillis(double percentile) {
    return count() == 0 ? 0 : responseTimes.getValueAtPercentile(percentile) / 1e6;
  }

  /** This period as seen from {@code nanos} earlier: its elapsed time that much longer. */
  public IntervalStats later(long nanos) {
    return new IntervalStats(
        elapsedNanos + nanos,
        intervalNanos,
        responseTimes,
        serviceTimes,
        retries,
        errors,
        inDoubt,
        declined,
        client,
        threads,
        last,
        breakdown);
  }
}
