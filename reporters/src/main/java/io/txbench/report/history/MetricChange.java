package io.txbench.report.history;

/**
 * One metric of a series' latest run against its baseline.
 *
 * @param metric "tps" or "p99"
 * @param before the baseline's median
 * @param spread the baseline's relative spread: 1.4826 times its median absolute deviation, over
 *     its median (the standard deviation's robust estimate, as a fraction)
 * @param after the latest run's value
 * @param change (after - before) / before; NaN when the baseline's median is 0
 * @param allowed the largest change, either way, that is noise (a fraction)
 * @param outcome whether the change is noise, worse or better
 */
public record MetricChange(
    String metric,
    double before,
    double spread,
    double after,
    double change,
    double allowed,
    Outcome outcome) {

  public enum Outcome {
    /** Within what the baseline's noise allows, or not comparable (a baseline median of 0). */
    WITHIN,
    WORSE,
    BETTER
  }
}
