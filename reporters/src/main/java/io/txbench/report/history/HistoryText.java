package io.txbench.report.history;

import io.txbench.report.files.Printable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * history's lines: one per series, its verdict first, then the series in words, then each metric of
 * the latest run against the baseline's median ({@code tps 1,520 -> 410 (-73%, beyond ±10%)}), the
 * run count and the baseline's spread.
 */
public final class HistoryText {
  private HistoryText() {}

  /** The line of one series, its words as printable as any field read from a file. */
  public static String line(SeriesVerdict v) {
    return Printable.field(unescaped(v));
  }

  private static String unescaped(SeriesVerdict v) {
    Series series = v.series();
    StringBuilder line =
        new StringBuilder(v.verdict().label()).append(' ').append(series.key().words());
    if (v.verdict() == SeriesVerdict.Verdict.TOO_FEW_RUNS) {
      HistoryRun latest = series.latest();
      return line.append(": tps ")
          .append(number(latest.tps()))
          .append("; p99 ")
          .append(number(latest.p99Ms()))
          .append(" ms; ")
          .append(runs(series.runs().size()))
          .append(", ")
          .append(RegressionRule.MIN_BASELINE)
          .append(" before the latest are needed")
          .toString();
    }
    List<String> metrics = new ArrayList<>();
    for (MetricChange c : v.changes()) {
      metrics.add(metric(c));
    }
    return line.append(": ")
        .append(String.join("; ", metrics))
        .append("; ")
        .append(runs(series.runs().size()))
        .append(", baseline the median of the ")
        .append(v.baselineRuns())
        .append(" before the latest")
        .toString();
  }

  /** The closing line: how many series regressed. */
  public static String total(List<SeriesVerdict> verdicts) {
    long regressed =
        verdicts.stream().filter(v -> v.verdict() == SeriesVerdict.Verdict.REGRESSION).count();
    int runs = verdicts.stream().mapToInt(v -> v.series().runs().size()).sum();
    return regressed + " of " + verdicts.size() + " series regressed (" + runs(runs) + " read)";
  }

  private static String metric(MetricChange c) {
    String unit = c.metric().equals("p99") ? " ms" : "";
    String text = c.metric() + " " + number(c.before()) + unit + " -> " + number(c.after()) + unit;
    if (Double.isNaN(c.change())) {
      return text + " (not comparable)";
    }
    String where =
        switch (c.outcome()) {
          case WORSE -> "worse than";
          case BETTER -> "better than";
          case WITHIN -> "within";
        };
    return text
        + String.format(
            Locale.ROOT,
            " (%+.0f%%, %s ±%.0f%%; spread ±%.1f%%)",
            100 * c.change(),
            where,
            100 * c.allowed(),
            100 * c.spread());
  }

  private static String runs(int count) {
    return count + (count == 1 ? " run" : " runs");
  }

  /** {@code value} to 3 significant figures or whole, with thousands separated: 1,520, 12.1. */
  public static String number(double value) {
    if (Double.isNaN(value)) {
      return "?";
    }
    double magnitude = Math.abs(value);
    String format = magnitude >= 100 ? "%,.0f" : magnitude >= 10 ? "%,.1f" : "%,.2f";
    return String.format(Locale.ROOT, format, value);
  }
}
