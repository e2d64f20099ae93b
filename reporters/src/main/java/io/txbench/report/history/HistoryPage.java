package io.txbench.report.history;

import io.txbench.report.files.Printable;
import io.txbench.report.html.HtmlReport;
import io.txbench.report.html.PageAssets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * history's trend page, on the report's page machinery ({@link PageAssets}: one self-contained
 * file, uPlot inlined, nothing fetched): one section a series, regressed series first, then in
 * {@link SeriesKey#ORDER}; each with its name in one short line, the latest run against its
 * baseline, the change points E-divisive means found, charts of its tps and its p99 over time that
 * the page's script draws (history.js), and the rest of what the series shares in its details.
 */
public final class HistoryPage {
  /** Regressed series first, then every series in {@link SeriesKey#ORDER}. */
  static final Comparator<SeriesVerdict> ORDER =
      Comparator.comparing((SeriesVerdict v) -> v.verdict() != SeriesVerdict.Verdict.REGRESSION)
          .thenComparing(v -> v.series().key(), SeriesKey.ORDER);

  private HistoryPage() {}

  /** Writes the page of {@code verdicts} to {@code file}, change points found by {@code method}. */
  public static void write(List<SeriesVerdict> verdicts, ChangePoints method, Path file)
      throws IOException {
    Files.writeString(file, page(verdicts, method), StandardCharsets.UTF_8);
  }

  static String page(List<SeriesVerdict> verdicts, ChangePoints method) {
    List<SeriesVerdict> ordered = verdicts.stream().sorted(ORDER).toList();
    List<String> names = SeriesNames.of(ordered.stream().map(v -> v.series().key()).toList());
    StringBuilder html =
        PageAssets.start(
            PageAssets.POLICY,
            "txbench history",
            "/io/txbench/report/report.css",
            "/io/txbench/report/history.css");
    html.append("<p class=\"total\">")
        .append(HtmlReport.escape(HistoryText.total(verdicts)))
        .append(".</p>\n<p class=\"how\">Each series has two charts, the tps and the p99 (in ms)")
        .append(" of each of its runs over time, from zero. A dashed line marks a change point")
        .append(" (E-divisive means, ")
        .append(String.format(Locale.ROOT, "%.0f%%", 100 * method.significance()))
        .append(" significance, the latest ")
        .append(method.window())
        .append(" runs of a series searched; older runs are shaded); a red ring, a latest run")
        .append(" that regressed against the median of the runs before it. Hover a chart to read")
        .append(" a run's values; drag across it to zoom in, double-click to zoom out.</p>\n");
    List<TrendData.Chart> charts = new ArrayList<>();
    for (int i = 0; i < ordered.size(); i++) {
      SeriesVerdict verdict = ordered.get(i);
      SeriesChanges changes = SeriesChanges.of(verdict.series(), method);
      charts.add(TrendData.chart(verdict, changes));
      section(html, i, verdict, names.get(i), changes);
    }
    return PageAssets.end(
        html,
        "history-data",
        PageAssets.scriptJson(new TrendData(charts)),
        "/io/txbench/report/history.js");
  }

  private static void section(
      StringBuilder html, int index, SeriesVerdict verdict, String name, SeriesChanges changes) {
    Series series = verdict.series();
    html.append("<section class=\"series\" data-verdict=\"")
        .append(verdict.verdict().name())
        .append("\" data-changes=\"")
        .append(changes.tps().size() + changes.p99().size())
        .append("\">\n<h2><span class=\"verdict ")
        .append(verdict.verdict().name().toLowerCase(Locale.ROOT))
        .append("\">")
        .append(verdict.verdict().label())
        .append("</span> <span class=\"name\">")
        .append(text(name))
        .append("</span></h2>\n<p class=\"figures\">")
        .append(text(HistoryText.figures(verdict)))
        .append("</p>\n<p class=\"changes\">")
        .append(text(changes.words(series.runs())))
        .append("</p>\n<div class=\"charts\">");
    for (String metric : List.of("tps", "p99")) {
      html.append("<div class=\"chart\" data-series=\"")
          .append(index)
          .append("\" data-metric=\"")
          .append(metric)
          .append("\"></div>");
    }
    html.append("</div>\n<details><summary>What the series shares</summary><p>")
        .append(text(series.key().words()))
        .append("</p><p>Latest run: ")
        .append(text(String.valueOf(series.latest().summary().getParent())))
        .append("</p></details>\n</section>\n");
  }

  /** {@code s}, read from result files, as printable HTML text. */
  private static String text(String s) {
    return HtmlReport.escape(Printable.field(s));
  }
}
