package io.txbench.report.history;

import io.txbench.report.files.HourlyCost;
import io.txbench.report.files.Printable;
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
    return Printable.field(
        v.verdict().label() + ' ' + v.series().key().words() + ": " + figures(v));
  }

  /**
   * What a series' line says after its words: the latest run's tps and p99 against the baseline's
   * ({@code tps 1,520 -> 410 (-73%, worse than ±10%; spread ±2.0%); p99 ...}), its cost when it was
   * given a price ({@code cost 0.01389 per million iterations}: not judged, as the price is the
   * user's, and the tps already is), the run count and the baseline's size; only numbers, nothing
   * read from a file.
   */
  public static String figures(SeriesVerdict v) {
    Series series = v.series();
    HistoryRun latest = series.latest();
    String cost =
        Double.isNaN(latest.costPerMillion())
            ? ""
            : "; cost " + HourlyCost.figure(latest.costPerMillion()) + " per million iterations";
    // Too few runs for a baseline: the latest's figures alone, and how many a baseline needs.
    boolean tooFew = v.verdict() == SeriesVerdict.Verdict.TOO_FEW_RUNS;
    String figures =
        tooFew
            ? "tps " + number(latest.tps()) + "; p99 " + number(latest.p99Ms()) + " ms"
            : String.join("; ", v.changes().stream().map(HistoryText::metric).toList());
    return figures
        + cost
        + "; "
        + runs(series.runs().size())
        + (tooFew
            ? ", " + RegressionRule.MIN_BASELINE + " before the latest are needed"
            : ", baseline the median of the " + v.baselineRuns() + " before the latest");
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

  static String runs(int count) {
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
