package io.txbench.report.html;

import io.txbench.report.compare.CompareTable;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryCommits;
import io.txbench.report.files.SummaryFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * The report's run tables, as HTML: what every run shares said once above them, then a row per run
 * with its colour, a box that shows or hides it in every chart, and its results with the ratios to
 * the baseline, verify's and the thresholds' verdicts, the client's CPU and its warning that
 * txbench itself may have limited the run; under it, a row per run with what sets it apart (the
 * facts that differ). Two tables, so that each fits a window 1,400 px wide: one with 13 runs of
 * mixed targets and workloads was 2,150 px wide, its warnings and facts past the right edge.
 */
final class RunTable {
  /**
   * compare's columns a reader looks for first, then those shown after them, and their headings.
   */
  private static final Map<CompareTable.Column, String> RESULTS = new LinkedHashMap<>();

  static {
    RESULTS.put(CompareTable.Column.TPS, "tps");
    RESULTS.put(CompareTable.Column.COST_PER_MILLION, "cost per M");
    RESULTS.put(CompareTable.Column.P50, "p50 ms");
    RESULTS.put(CompareTable.Column.P99, "p99 ms");
    RESULTS.put(CompareTable.Column.ERRORS, "errors");
    RESULTS.put(CompareTable.Column.VERIFICATION, "verify");
    RESULTS.put(CompareTable.Column.CLIENT_CPU_CORES, "client CPU cores");
    RESULTS.put(CompareTable.Column.TPS_RATIO, "tps ×");
    RESULTS.put(CompareTable.Column.P99_RATIO, "p99 ×");
    RESULTS.put(CompareTable.Column.RATIO_TO, "vs");
    RESULTS.put(CompareTable.Column.MAX, "max ms");
    RESULTS.put(CompareTable.Column.RETRIES, "retries");
    RESULTS.put(CompareTable.Column.IN_DOUBT, "in doubt");
    RESULTS.put(CompareTable.Column.COST_PER_HOUR, "cost per hour");
  }

  /** What the cost columns are, said when a run has one. */
  private static final String COST_LEGEND =
      " cost per M: what a million iterations cost, at the cost per hour the run was given, over"
          + " its measured window (cost per hour / (tps × 3600) × 1,000,000).";

  private RunTable() {}

  /**
   * Only a column with something in it is shown; the cell of run i is {@code cell}(i), of the class
   * {@code css} ("num" right-aligned, "wrap" for sentences, "" for a word). {@code name},
   * compare's, marks the heading (data-column) for the page's script and tests.
   */
  private record Column(String heading, String name, String css, IntFunction<String> cell) {}

  static String html(List<ResultDirectory> runs, List<RunFact> facts) {
    CompareTable.Table compare = CompareTable.table(runs, runs.get(0));
    java.util.Set<String> perTarget = RunFacts.perTarget(facts);
    StringBuilder html = new StringBuilder();
    appendCommonFacts(html, runs, facts, perTarget);
    appendTable(html, runs, filled(runs, resultColumns(runs, compare)), true);
    appendWarnings(html, compare);
    List<Column> apart = filled(runs, factColumns(facts, perTarget));
    if (!apart.isEmpty()) {
      html.append("<p class=\"common\"><b>What sets the runs apart:</b></p>\n");
      appendTable(html, runs, apart, false);
    }
    html.append("<p class=\"legend\">tps × and p99 × are ratios to the run numbered in vs: the")
        .append(" baseline, ")
        .append(HtmlReport.escape(runs.get(0).label()))
        .append(
            ", where it is of the same workload, data and rate and differs in one thing at most"
                + " (server, threads or isolation), else the first run that is; none where")
        .append(
            " no other run is. embedded: the run's server was one txbench started itself; where: the server")
        .append(" it ran on; client CPU cores: the CPU txbench used; client warning: txbench")
        .append(" itself may have limited the run, the note under the table says how.")
        .append(compare.priced() ? COST_LEGEND : "")
        .append("</p>\n");
    return html.toString();
  }

  /**
   * The results a reader looks for first, then the rest of compare's, the thresholds, the server's
   * commits and the client's warning; a column of compare's shown where it has something in it.
   */
  private static List<Column> resultColumns(
      List<ResultDirectory> runs, CompareTable.Table compare) {
    List<Column> columns = new ArrayList<>();
    RESULTS.forEach(
        (result, heading) ->
            columns.add(
                new Column(
                    heading,
                    result.heading(),
                    result == CompareTable.Column.VERIFICATION ? "" : "num",
                    i -> result.of(compare.rows().get(i)))));
    columns.add(new Column("thresholds", "", "wrap", i -> thresholds(runs.get(i).summary())));
    columns.add(new Column("server commits", "", "num", i -> commits(runs.get(i).summary())));
    // The warning's number, its words once in the notes under the table: a column of sentences
    // in a table of 13 runs is squeezed to a sliver and makes each row a paragraph high.
    List<String> warnings = new ArrayList<>(compare.warnings().keySet());
    columns.add(
        new Column(
            "client warning",
            "",
            "",
            i -> {
              String text = CompareTable.Column.BOTTLENECK.of(compare.rows().get(i));
              return text.isEmpty() ? "" : "note " + (warnings.indexOf(text) + 1);
            }));
    return columns;
  }

  /** The facts that set runs apart, but those said by target above the tables. */
  private static List<Column> factColumns(List<RunFact> facts, java.util.Set<String> perTarget) {
    return facts.stream()
        .filter(fact -> !fact.same() && !perTarget.contains(fact.name()))
        .map(fact -> new Column(fact.name(), "", "", i -> fact.values().get(i)))
        .toList();
  }

  /** Only the columns with something in them. */
  private static List<Column> filled(List<ResultDirectory> runs, List<Column> columns) {
    return columns.stream()
        .filter(c -> IntStream.range(0, runs.size()).anyMatch(i -> !c.cell().apply(i).isEmpty()))
        .toList();
  }

  /** Under the table, each warning once, with the runs it is of: "note 1 (runs 1-13): ...". */
  private static void appendWarnings(StringBuilder html, CompareTable.Table compare) {
    int note = 0;
    for (Map.Entry<String, List<Integer>> warning : compare.warnings().entrySet()) {
      html.append("<p class=\"note warning\"><b>Client warning, note ")
          .append(++note)
          .append(warning.getValue().size() == 1 ? " (run " : " (runs ")
          .append(CompareTable.ranges(warning.getValue()))
          .append("):</b> ")
          .append(HtmlReport.escape(warning.getKey()))
          .append("</p>\n");
    }
  }

  /** What every run shares, said once, and what every run on the same target shares. */
  private static void appendCommonFacts(
      StringBuilder html,
      List<ResultDirectory> runs,
      List<RunFact> facts,
      java.util.Set<String> perTarget) {
    List<String> common = new ArrayList<>();
    for (RunFact fact : facts) {
      if (fact.same()) {
        common.add(fact.shown(0));
      }
    }
    html.append("<p class=\"common\"><b>")
        .append(runs.size() == 1 ? "The run" : "Every run")
        .append(":</b> ")
        .append(HtmlReport.escape(String.join(" · ", common)))
        .append("</p>\n");
    if (!perTarget.isEmpty()) {
      html.append("<p class=\"common\"><b>By target:</b> ")
          .append(HtmlReport.escape(byTarget(facts, perTarget)))
          .append("</p>\n");
    }
  }

  /**
   * A table: the shown columns' headings, then a row per run with its number and label, and with
   * its box and colour in the {@code picker}'s.
   */
  private static void appendTable(
      StringBuilder html, List<ResultDirectory> runs, List<Column> shown, boolean picker) {
    html.append("<div class=\"table-wrap\"><table class=\"runs\">\n<thead><tr>")
        .append(picker ? "<th title=\"untick to hide the run in every chart\">show</th>" : "")
        .append("<th>#</th><th>run</th>");
    for (Column c : shown) {
      html.append(c.name().isEmpty() ? "<th>" : "<th data-column=\"" + c.name() + "\">")
          .append(HtmlReport.escape(c.heading()))
          .append("</th>");
    }
    html.append("</tr></thead>\n<tbody>\n");
    for (int i = 0; i < runs.size(); i++) {
      html.append("<tr data-run=\"").append(i).append("\">");
      if (picker) {
        html.append("<td class=\"pick\"><label><input type=\"checkbox\" class=\"pick\" data-run=\"")
            .append(i)
            .append("\" checked aria-label=\"show run ")
            .append(i + 1)
            .append("\"/>")
            .append(RunColours.swatch(i))
            .append("</label></td>");
      }
      html.append("<td class=\"num\">")
          .append(i + 1)
          .append("</td><td>")
          .append(HtmlReport.escape(runs.get(i).label()))
          .append("</td>");
      for (Column c : shown) {
        String value = c.cell().apply(i);
        html.append(c.css().isEmpty() ? "<td>" : "<td class=\"" + c.css() + "\">")
            .append(HtmlReport.escape(value))
            .append("</td>");
      }
      html.append("</tr>\n");
    }
    html.append("</tbody>\n</table></div>\n");
  }

  /** "postgres: server PostgreSQL 17, embedded yes; mysql: server MariaDB 11, embedded no". */
  private static String byTarget(List<RunFact> facts, java.util.Set<String> perTarget) {
    RunFact target = facts.stream().filter(f -> f.name().equals("target")).findFirst().get();
    List<String> said = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    for (int i = 0; i < target.values().size(); i++) {
      String name = target.values().get(i);
      if (seen.contains(name)) {
        continue;
      }
      seen.add(name);
      List<String> what = new ArrayList<>();
      for (RunFact fact : facts) {
        if (perTarget.contains(fact.name()) && !fact.shown(i).isEmpty()) {
          what.add(fact.shown(i));
        }
      }
      said.add(name + ": " + String.join(", ", what));
    }
    return String.join("; ", said);
  }

  /**
   * "98,017 (agrees)" or "98,017 (txbench counted 98,015)": the server's count of commits beside
   * txbench's; "" when the summary has none (versions before telemetry, a run under way).
   */
  private static String commits(SummaryFile run) {
    SummaryCommits commits = run.environment().serverCommits();
    if (commits == null) {
      return "";
    }
    return String.format(Locale.US, "%,d", commits.server())
        + (commits.counted() == commits.server()
            ? " (agrees)"
            : String.format(Locale.US, " (txbench counted %,d)", commits.counted()));
  }

  /** "2 passed", or the thresholds that failed, each with what was measured. */
  static String thresholds(SummaryFile run) {
    if (run.checks().thresholds() == null || run.checks().thresholds().isEmpty()) {
      return "";
    }
    List<String> failed = new ArrayList<>();
    for (SummaryFile.Threshold t : run.checks().thresholds()) {
      if (!t.passed()) {
        failed.add(
            t.expression()
                + (t.measured() == null
                    ? " (not measured)"
                    : String.format(Locale.ROOT, " (%s %s)", round(t.measured()), t.unit())));
      }
    }
    return failed.isEmpty()
        ? run.checks().thresholds().size() + " passed"
        : "FAILED " + String.join("; ", failed);
  }

  private static String round(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15
        ? String.valueOf((long) v)
        : String.valueOf(ChartPanel.significant(v));
  }
}
