package io.txbench.report.html;

import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryStatement;
import java.util.List;
import java.util.Locale;

/**
 * The report's table of a script's statements (summary.json's {@code statements}, pgbench's {@code
 * -r} in percentiles): a row per statement of each run that has them, by file and line, with its
 * executions that succeeded and failed and the times of the first. Its rows carry their run's
 * number as the run table's do, so that the page's script greys out those of a run unticked. Empty
 * when no run timed its statements.
 */
final class StatementTable {
  private static final List<String> HEADINGS =
      List.of(
          "#",
          "statement",
          "count",
          "failures",
          "mean ms",
          "p50 ms",
          "p95 ms",
          "p99 ms",
          "max ms",
          "text");

  private StatementTable() {}

  static String html(List<ResultDirectory> runs) {
    StringBuilder rows = new StringBuilder();
    for (int i = 0; i < runs.size(); i++) {
      List<SummaryStatement> statements = runs.get(i).summary().breakdown().statements();
      if (statements == null) {
        continue;
      }
      for (SummaryStatement s : statements) {
        appendRow(rows, i, s);
      }
    }
    if (rows.isEmpty()) {
      return "";
    }
    StringBuilder html =
        new StringBuilder(
            "<h2>Statements</h2>\n<div class=\"table-wrap\"><table class=\"runs"
                + " statements\">\n<thead><tr>");
    for (String heading : HEADINGS) {
      html.append("<th>").append(heading).append("</th>");
    }
    return html.append("</tr></thead>\n<tbody>\n")
        .append(rows)
        .append("</tbody></table></div>\n")
        .append("<p class=\"legend\">Each statement of the scripts by file and line, over the")
        .append(" measured run: count, the executions that succeeded, and their times from")
        .append(" sending to answer; failures, those that failed, attributed to the statement")
        .append(" whose error ended the attempt.</p>\n")
        .toString();
  }

  private static void appendRow(StringBuilder html, int run, SummaryStatement s) {
    html.append("<tr data-run=\"").append(run).append("\"><td class=\"num\">");
    html.append(RunColours.swatch(run)).append(run + 1).append("</td>");
    cell(html, "", s.script() + ":" + s.line());
    cell(html, "num", String.format(Locale.US, "%,d", s.count()));
    cell(html, "num", failures(s));
    for (double ms : List.of(s.meanMs(), s.p50Ms(), s.p95Ms(), s.p99Ms(), s.maxMs())) {
      cell(html, "num", String.format(Locale.US, "%,.3f", ms));
    }
    cell(html, "", s.text());
    html.append("</tr>\n");
  }

  /** "3", or "3 (2 serialization, 1 other)" when some failed. */
  private static String failures(SummaryStatement s) {
    String count = String.format(Locale.US, "%,d", s.failures());
    java.util.Map<String, Long> byClass = s.failuresByClass();
    if (byClass == null || byClass.isEmpty()) {
      return count;
    }
    StringBuilder text = new StringBuilder(count).append(" (");
    byClass.forEach((label, n) -> text.append(String.format(Locale.US, "%,d %s, ", n, label)));
    return text.substring(0, text.length() - 2) + ")";
  }

  private static void cell(StringBuilder html, String css, String text) {
    html.append(css.isEmpty() ? "<td>" : "<td class=\"" + css + "\">")
        .append(HtmlReport.escape(text))
        .append("</td>");
  }
}
