package io.txbench.report.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Judges a series' latest run against its baseline, the median of up to {@code baselineRuns} runs
 * before it, in a way that copes with the noise of shared cloud machines: a metric regressed when
 * its change is worse than {@code max(minChange, K x spread)}, where spread is the baseline's
 * relative robust spread (1.4826 x median absolute deviation / median, which estimates the standard
 * deviation of normal noise without being moved by one outlier). K is 3: a baseline whose runs vary
 * by 5% tolerates 15%. Throughput regresses when it falls, p99 when it rises; a series with fewer
 * than 2 runs before the latest has too few to judge.
 *
 * @param baselineRuns at most this many runs before the latest form the baseline (1 or more)
 * @param minChange the smallest change that counts, a fraction (0.10 for 10%)
 */
public record RegressionRule(int baselineRuns, double minChange) {
  /** How many spreads a change must exceed. */
  public static final double SPREADS = 3;

  /** How many runs before the latest a series needs to be judged. */
  public static final int MIN_BASELINE = 2;

  /** MAD x this estimates the standard deviation of normally distributed values. */
  private static final double MAD_TO_SIGMA = 1.4826;

  public RegressionRule {
    if (baselineRuns < 1) {
      throw new IllegalArgumentException("the baseline needs at least 1 run");
    }
    if (!(minChange >= 0)) {
      throw new IllegalArgumentException("the minimum change must be 0 or more");
    }
  }

  /** {@code series}' latest run against its baseline. */
  public SeriesVerdict judge(Series series) {
    List<HistoryRun> runs = series.runs();
    int latest = runs.size() - 1;
    List<HistoryRun> baseline = runs.subList(Math.max(0, latest - baselineRuns), latest);
    if (baseline.size() < MIN_BASELINE) {
      return new SeriesVerdict(
          series, SeriesVerdict.Verdict.TOO_FEW_RUNS, baseline.size(), List.of());
    }
    List<MetricChange> changes = new ArrayList<>();
    changes.add(change("tps", true, baseline, runs.get(latest), HistoryRun::tps));
    changes.add(change("p99", false, baseline, runs.get(latest), HistoryRun::p99Ms));
    SeriesVerdict.Verdict verdict = SeriesVerdict.Verdict.OK;
    if (changes.stream().anyMatch(c -> c.outcome() == MetricChange.Outcome.WORSE)) {
      verdict = SeriesVerdict.Verdict.REGRESSION;
    } else if (changes.stream().anyMatch(c -> c.outcome() == MetricChange.Outcome.BETTER)) {
      verdict = SeriesVerdict.Verdict.IMPROVED;
    }
    return new SeriesVerdict(series, verdict, baseline.size(), changes);
  }

  private MetricChange change(
      String metric,
      boolean higherIsBetter,
      List<HistoryRun> baseline,
      HistoryRun latest,
      ToDoubleFunction<HistoryRun> value) {
    double[] values = baseline.stream().mapToDouble(value).toArray();
    double after = value.applyAsDouble(latest);
    double median = median(values);
    double[] deviations = Arrays.stream(values).map(v -> Math.abs(v - median)).toArray();
    double spread = median == 0 ? Double.NaN : MAD_TO_SIGMA * median(deviations) / median;
    double change = median == 0 ? Double.NaN : (after - median) / median;
    double allowed = Double.isNaN(spread) ? minChange : Math.max(minChange, SPREADS * spread);
    MetricChange.Outcome outcome = MetricChange.Outcome.WITHIN;
    if (Math.abs(change) > allowed) {
      outcome =
          (change > 0) == higherIsBetter ? MetricChange.Outcome.BETTER : MetricChange.Outcome.WORSE;
    }
    return new MetricChange(metric, median, spread, after, change, allowed, outcome);
  }

  /** The median of {@code values}, not empty (the mean of the middle two of an even count). */
  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
}
