package io.txbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One self-contained HTML page (no script, no network) comparing runs: a table side by side,
 * throughput, latency percentiles, retries and errors over time, and the latency distribution.
 */
public final class HtmlReport {
  private HtmlReport() {}

  public static void write(List<ResultDirectory> runs, Path file) throws IOException {
    StringBuilder html = start("txbench report");
    html.append("<p>tps_ratio and p99_ratio are to the baseline, the first run: ")
        .append(escape(runs.get(0).label()))
        .append(
            ". embedded: the run's server was one"
                + " txbench started itself; where: the server it ran on; client_cpu_cores: the"
                + " CPU txbench used, in cores; bottleneck: the warning that txbench itself may"
                + " have limited the run.</p>\n");
    table(html, CompareTable.rows(runs));
    figure(
        html,
        "Throughput",
        Charts.overTime(
            "Throughput", "iterations per second", runs, List.of(""), List.of(IntervalRow::tps)));
    figure(
        html,
        "Latency percentiles over time",
        Charts.overTime(
            "Response time by period",
            "ms",
            runs,
            List.of("p50", "p95", "p99"),
            List.of(IntervalRow::p50, IntervalRow::p95, IntervalRow::p99)));
    figure(html, "Latency distribution", Charts.percentiles(runs));
    figure(
        html,
        "Retries, errors and in doubt",
        Charts.overTime(
            "Retries, errors and in-doubt iterations per period",
            "count",
            runs,
            List.of("retries", "errors", "in doubt"),
            List.of(r -> r.retries(), r -> r.errors(), r -> r.inDoubt())));
    html.append("</body>\n</html>\n");
    Files.writeString(file, html, StandardCharsets.UTF_8);
  }

  /**
   * A page's start, up to and with its heading {@code title}, in the look every txbench page shares
   * (and with AWT headless, for the charts).
   */
  static StringBuilder start(String title) {
    System.setProperty("java.awt.headless", "true");
    StringBuilder html = new StringBuilder(1 << 16);
    return html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
        .append("<title>")
        .append(escape(title))
        .append("</title>\n<style>\n")
        .append("body{font-family:sans-serif;margin:2em;color:#222}")
        .append("table{border-collapse:collapse;font-size:13px}")
        .append("th,td{border:1px solid #ccc;padding:4px 8px;text-align:right}")
        .append("th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}")
        .append("figure{margin:2em 0}figcaption{font-weight:bold;margin-bottom:.5em}")
        .append("\n</style>\n</head>\n<body>\n<h1>")
        .append(escape(title))
        .append("</h1>\n");
  }

  private static void table(StringBuilder html, List<List<String>> rows) {
    html.append("<table>\n");
    for (int r = 0; r < rows.size(); r++) {
      String cell = r == 0 ? "th" : "td";
      html.append("<tr>");
      for (String value : rows.get(r)) {
        html.append('<')
            .append(cell)
            .append('>')
            .append(escape(value))
            .append("</")
            .append(cell)
            .append('>');
      }
      html.append("</tr>\n");
    }
    html.append("</table>\n");
  }

  static void figure(StringBuilder html, String caption, String svg) {
    html.append("<figure>\n<figcaption>")
        .append(escape(caption))
        .append("</figcaption>\n")
        .append(svg)
        .append("\n</figure>\n");
  }

  static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
