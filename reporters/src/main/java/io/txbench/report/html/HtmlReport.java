package io.txbench.report.html;

import io.txbench.report.files.ResultDirectory;
import java.io.IOException;
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
    Parts parts = parts(runs);
    StringBuilder html =
        PageAssets.start(PageAssets.POLICY, title(runs), "/io/txbench/report/report.css");
    return PageAssets.end(
        body(html, parts.table()), "report-data", parts.data(), "/io/txbench/report/report.js");
  }

  /**
   * The same page of a run under way, served by {@code txbench --live}: its table in an element of
   * its own, and a script that asks the server for the figures of each new period ({@code
   * live.json}) and redraws with them: its {@code parts} ({@link #parts}); {@code status} says
   * where the run is.
   */
  public static String livePage(List<ResultDirectory> runs, Parts parts, String status) {
    StringBuilder html =
        PageAssets.start(PageAssets.LIVE_POLICY, title(runs), "/io/txbench/report/report.css")
            .append("<p id=\"live\" class=\"how\">")
            .append(escape(status))
            .append("</p>\n");
    return PageAssets.end(
        body(html, "<div id=\"run-table\">" + parts.table() + "</div>\n"),
        "report-data",
        parts.data(),
        "/io/txbench/report/report.js",
        "/io/txbench/report/live.js");
  }

  /** What a live page redraws: the run table's HTML and the charts' data as JSON. */
  public record Parts(String table, String data) {}

  /**
   * The table and the charts' data of {@code runs}; the exception's message is one line that names
   * a run's file that cannot be read or is corrupt (a server.csv).
   */
  public static Parts parts(List<ResultDirectory> runs) throws IOException {
    List<RunFact> facts = RunFacts.of(runs.stream().map(ResultDirectory::summary).toList());
    return new Parts(
        RunTable.html(runs, facts) + StatementTable.html(runs),
        PageAssets.scriptJson(ReportData.of(runs, facts)));
  }

  private static String title(List<ResultDirectory> runs) {
    return "txbench report: " + (runs.size() == 1 ? runs.get(0).label() : runs.size() + " runs");
  }

  private static StringBuilder body(StringBuilder html, String table) {
    return html.append("<p class=\"how\">Hover a chart to read its values in its legend; drag")
        .append(" across it to zoom in, double-click to zoom out; click a legend entry to hide or")
        .append(" show that line; untick a run in the table to hide it in every chart.</p>\n")
        .append(table)
        .append("<div id=\"charts\"></div>\n");
  }

  /** {@code s} as HTML text or a double-quoted attribute's value. */
  public static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
