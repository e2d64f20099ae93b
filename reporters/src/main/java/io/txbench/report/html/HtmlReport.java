package io.txbench.report.html;

import io.txbench.report.files.ResultDirectory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One self-contained HTML page comparing runs: what they share in a line, a table of what sets them
 * apart and their results, then interactive charts (uPlot, inlined from its WebJar, so the page
 * works offline): throughput, response times, failures, the latency distribution, and the server's
 * and machine's figures of each run's server.csv. Its Content-Security-Policy lets it fetch nothing
 * at all ({@link PageAssets}).
 */
public final class HtmlReport {
  private HtmlReport() {}

  /**
   * The page of {@code runs}; the exception's message is one line that names a run's file that
   * cannot be read or is corrupt (a server.csv).
   */
  public static String page(List<ResultDirectory> runs) throws IOException {
    List<SummaryExtras> extras = new ArrayList<>();
    for (ResultDirectory run : runs) {
      extras.add(SummaryExtras.read(run.path()));
    }
    List<RunFact> facts = RunFacts.of(runs.stream().map(ResultDirectory::summary).toList());
    ReportData data = ReportData.of(runs, facts, extras);
    String title =
        "txbench report: " + (runs.size() == 1 ? runs.get(0).label() : runs.size() + " runs");
    StringBuilder html = PageAssets.start(title, "/io/txbench/report/report.css");
    html.append("<p class=\"how\">Hover a chart to read its values in its legend; drag")
        .append(" across it to zoom in, double-click to zoom out; click a legend entry to hide or")
        .append(" show that line; untick a run in the table to hide it in every chart.</p>\n")
        .append(RunTable.html(runs, facts, extras))
        .append("<div id=\"charts\"></div>\n");
    return PageAssets.end(html, "report-data", data.json(), "/io/txbench/report/report.js");
  }

  /** {@code s} as HTML text or a double-quoted attribute's value. */
  public static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
