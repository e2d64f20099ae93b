package io.txbench.report.history;

import io.txbench.report.html.HtmlReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * history's trend page: one self-contained HTML file (inline SVG, no script, nothing fetched) with
 * one chart per series, its tps and p99 over time, the change points E-divisive means finds in
 * each, and the latest run marked when it regressed.
 */
public final class HistoryPage {
  private HistoryPage() {}

  /** Writes the page of {@code verdicts} to {@code file}, change points found by {@code method}. */
  public static void write(List<SeriesVerdict> verdicts, ChangePoints method, Path file)
      throws IOException {
    StringBuilder html = HtmlReport.start("txbench history");
    html.append("<p>")
        .append(HtmlReport.escape(HistoryText.total(verdicts)))
        .append(
            ". Each chart is one series: tps (blue, left axis) and p99 (purple, right axis) of"
                + " every run; a dashed line marks a change point (E-divisive means, 5%"
                + " significance); a red arrow, a latest run that regressed against the median of"
                + " the runs before it.</p>\n");
    for (SeriesVerdict v : verdicts) {
      List<HistoryRun> runs = v.series().runs();
      List<Integer> tps = method.of(runs.stream().mapToDouble(HistoryRun::tps).toArray());
      List<Integer> p99 = method.of(runs.stream().mapToDouble(HistoryRun::p99Ms).toArray());
      html.append("<section>\n<h2>")
          .append(HtmlReport.escape(v.series().key().words()))
          .append("</h2>\n<p>")
          .append(HtmlReport.escape(HistoryText.line(v)))
          .append("</p>\n");
      HtmlReport.figure(
          html,
          "change points: tps " + at(runs, tps) + "; p99 " + at(runs, p99),
          TrendChart.svg(v, tps, p99));
      html.append("</section>\n");
    }
    html.append("</body>\n</html>\n");
    Files.writeString(file, html, StandardCharsets.UTF_8);
  }

  private static String at(List<HistoryRun> runs, List<Integer> changes) {
    if (changes.isEmpty()) {
      return "none";
    }
    return String.join(
        ", ", changes.stream().map(i -> "before the run of " + runs.get(i).start()).toList());
  }
}
