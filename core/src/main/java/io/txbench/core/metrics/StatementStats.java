package io.txbench.core.metrics;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.StatementId;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One timed statement of a script over a run ({@link StatementId}): the times of its executions
 * that succeeded (nanoseconds, from its sending to its answer; their count is how many succeeded)
 * and its executions that failed, by class (only classes that occurred).
 */
public record StatementStats(StatementId id, Histogram times, Map<ErrorClass, Long> failures) {

  public StatementStats {
    failures = Map.copyOf(failures);
  }

  /** How many of its executions succeeded. */
  public long count() {
    return times.getTotalCount();
  }

  /** How many of its executions failed, of every class. */
  public long failed() {
    return failures.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The time at a percentile (0-100) in milliseconds; 0 when none succeeded. */
  public double percentileMillis(double percentile) {
    return count() == 0 ? 0 : times.getValueAtPercentile(percentile) / 1e6;
  }

  public double meanMillis() {
    return count() == 0 ? 0 : times.getMean() / 1e6;
  }

  public double maxMillis() {
    return count() == 0 ? 0 : times.getMaxValue() / 1e6;
  }
}
