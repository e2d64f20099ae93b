package io.txbench.report.history;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Where a series' tps and p99 changed, as E-divisive means finds it: each change point the index of
 * the first run after the change.
 *
 * @param tps the change points of tps, ascending
 * @param p99 those of p99
 * @param searchedFrom the index of the first run searched: runs before it are older than the
 *     method's window and were not searched at all
 */
record SeriesChanges(List<Integer> tps, List<Integer> p99, int searchedFrom) {
  private static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

  SeriesChanges {
    tps = List.copyOf(tps);
    p99 = List.copyOf(p99);
  }

  static SeriesChanges of(Series series, ChangePoints method) {
    List<HistoryRun> runs = series.runs();
    return new SeriesChanges(
        method.of(runs.stream().mapToDouble(HistoryRun::tps).toArray()),
        method.of(runs.stream().mapToDouble(HistoryRun::p99Ms).toArray()),
        Math.max(0, runs.size() - method.window()));
  }

  /**
   * The changes in a sentence, each with its date and the medians of the runs on either side:
   * {@code tps changed before the run of 2026-09-08 02:00 UTC (median 5,600 -> 4,210)}; or that
   * there is none, and how many of the runs were searched when not all of them.
   */
  String words(List<HistoryRun> runs) {
    List<String> parts = new ArrayList<>(metric("tps", "", tps, runs, HistoryRun::tps));
    parts.addAll(metric("p99", " ms", p99, runs, HistoryRun::p99Ms));
    String searched =
        searchedFrom == 0
            ? ""
            : " (the latest "
                + (runs.size() - searchedFrom)
                + " of "
                + runs.size()
                + " runs searched)";
    if (parts.isEmpty()) {
      return "No change point in tps or p99" + searched + ".";
    }
    return "Change points" + searched + ": " + String.join("; ", parts) + ".";
  }

  private List<String> metric(
      String name,
      String unit,
      List<Integer> changes,
      List<HistoryRun> runs,
      ToDoubleFunction<HistoryRun> value) {
    double[] values = runs.stream().mapToDouble(value).toArray();
    List<Integer> bounds = new ArrayList<>(changes);
    bounds.add(0, searchedFrom);
    bounds.add(runs.size());
    List<String> parts = new ArrayList<>();
    for (int c = 1; c + 1 < bounds.size(); c++) {
      int at = bounds.get(c);
      double before = median(values, bounds.get(c - 1), at);
      double after = median(values, at, bounds.get(c + 1));
      parts.add(
          name
              + " changed before the run of "
              + WHEN.format(runs.get(at).start())
              + " (median "
              + HistoryText.number(before)
              + unit
              + " -> "
              + HistoryText.number(after)
              + unit
              + ")");
    }
    return parts;
  }

  private static double median(double[] values, int from, int to) {
    return RegressionRule.median(Arrays.copyOfRange(values, from, to));
  }
}
