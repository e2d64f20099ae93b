package io.txbench.report;

import org.HdrHistogram.Histogram;

/** One row of {@code intervals.csv}: a metrics period's figures. */
public record IntervalRow(
    double t,
    long count,
    double tps,
    double p50,
    double p95,
    double p99,
    double p999,
    double max,
    long retries,
    long errors,
    long inDoubt,
    long declined) {

  /**
   * The row of a period that ended {@code elapsedNanos} after the start and lasted {@code
   * intervalNanos}, whose iterations' response times (ns) are {@code responseTimes}.
   */
  static IntervalRow of(
      long elapsedNanos,
      long intervalNanos,
      Histogram responseTimes,
      long retries,
      long errors,
      long inDoubt,
      long declined) {
    long count = responseTimes.getTotalCount();
    return new IntervalRow(
        elapsedNanos / 1e9,
        count,
        intervalNanos <= 0 ? 0 : count * 1e9 / intervalNanos,
        ms(responseTimes, 50),
        ms(responseTimes, 95),
        ms(responseTimes, 99),
        ms(responseTimes, 99.9),
        count == 0 ? 0 : responseTimes.getMaxValue() / 1e6,
        retries,
        errors,
        inDoubt,
        declined);
  }

  private static double ms(Histogram h, double percentile) {
    return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1e6;
  }
}
