package io.txbench.report.history;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * What the history page's script draws, one chart a series in the page's order, as compact as a
 * history of thousands of runs needs: arrays of numbers, each run's start in epoch seconds, tps,
 * p99 and cost per million to 4 significant figures (finer than any run repeats), null where a
 * summary had no number.
 *
 * @param series the charts
 */
record TrendData(List<Chart> series) {
  private static final MathContext FIGURES = new MathContext(4);

  TrendData {
    series = List.copyOf(series);
  }

  /**
   * One series' chart.
   *
   * @param t each run's start, in seconds since the epoch
   * @param tps each run's tps
   * @param p99 each run's p99, in ms
   * @param cost what a million of each run's iterations cost (null for a run given no price)
   * @param tpsChanges the change points of tps: the index of the first run after each
   * @param p99Changes those of p99
   * @param searchedFrom the first run searched for change points
   * @param worse the metrics, "tps" or "p99", of the latest run that regressed
   */
  record Chart(
      List<Long> t,
      List<Double> tps,
      List<Double> p99,
      List<Double> cost,
      List<Integer> tpsChanges,
      List<Integer> p99Changes,
      int searchedFrom,
      List<String> worse) {}

  static Chart chart(SeriesVerdict verdict, SeriesChanges changes) {
    List<HistoryRun> runs = verdict.series().runs();
    List<String> worse =
        verdict.changes().stream()
            .filter(c -> c.outcome() == MetricChange.Outcome.WORSE)
            .map(MetricChange::metric)
            .toList();
    return new Chart(
        runs.stream().map(r -> r.start().getEpochSecond()).toList(),
        rounded(runs, HistoryRun::tps),
        rounded(runs, HistoryRun::p99Ms),
        rounded(runs, HistoryRun::costPerMillion),
        changes.tps(),
        changes.p99(),
        changes.searchedFrom(),
        worse);
  }

  private static List<Double> rounded(List<HistoryRun> runs, ToDoubleFunction<HistoryRun> value) {
    return runs.stream()
        .map(r -> value.applyAsDouble(r))
        .map(v -> Double.isFinite(v) ? new BigDecimal(v).round(FIGURES).doubleValue() : null)
        .toList();
  }
}
