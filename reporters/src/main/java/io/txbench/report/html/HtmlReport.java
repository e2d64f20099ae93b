package io.txbench.report.html;

import io.txbench.report.files.ResultDirectory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * One self-contained HTML page comparing runs: what they share in a line, a table of what sets them
 * apart and their results, then interactive charts (uPlot, inlined from its WebJar, so the page
 * works offline): throughput, response times, failures, the latency distribution, and the server's
 * and machine's figures of each run's server.csv. Its Content-Security-Policy lets it fetch nothing
 * at all.
 */
public final class HtmlReport {
  /** No request of any kind; only the page's own inline script and style, and data: images. */
  static final String POLICY =
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

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
    StringBuilder html = new StringBuilder(1 << 17);
    html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
        .append(POLICY)
        .append("\"/>\n<title>")
        .append(escape(title))
        .append("</title>\n<style>\n")
        .append(inline(uplot("uPlot.min.css"), "style"))
        .append('\n')
        .append(inline(resource("/io/txbench/report/report.css"), "style"))
        .append("</style>\n</head>\n<body>\n<h1>")
        .append(escape(title))
        .append("</h1>\n<p class=\"how\">Hover a chart to read its values in its legend; drag")
        .append(" across it to zoom in, double-click to zoom out; click a legend entry to hide or")
        .append(" show that line; untick a run in the table to hide it in every chart.</p>\n")
        .append(RunTable.html(runs, facts, extras))
        .append("<div id=\"charts\"></div>\n")
        .append("<noscript><p>The charts need JavaScript.</p></noscript>\n")
        .append("<script type=\"application/json\" id=\"report-data\">")
        .append(data.json())
        .append("</script>\n<script>\n")
        .append(inline(uplot("uPlot.iife.min.js"), "script"))
        .append("\n</script>\n<script>\n")
        .append(inline(resource("/io/txbench/report/report.js"), "script"))
        .append("</script>\n</body>\n</html>\n");
    return html.toString();
  }

  /** {@code text}, which must not end its element early, to be put inside a {@code tag}. */
  private static String inline(String text, String tag) {
    if (text.toLowerCase(Locale.ROOT).contains("</" + tag)) {
      throw new IllegalStateException("an inlined " + tag + " would end its element");
    }
    return text;
  }

  /** A file of uPlot's WebJar, of the version on the class path. */
  private static String uplot(String file) {
    Properties pom = new Properties();
    try (InputStream in =
        HtmlReport.class.getResourceAsStream(
            "/META-INF/maven/org.webjars.npm/uplot/pom.properties")) {
      if (in == null) {
        throw new IllegalStateException("uPlot's WebJar is not on the class path");
      }
      pom.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return resource(
        String.format("/META-INF/resources/webjars/uplot/%s/dist/", pom.getProperty("version"))
            + file);
  }

  private static String resource(String name) {
    try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is not on the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A page's start, up to and with its heading {@code title}, in the look of the history page (and
   * with AWT headless, for its charts).
   */
  public static StringBuilder start(String title) {
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

  public static void figure(StringBuilder html, String caption, String svg) {
    html.append("<figure>\n<figcaption>")
        .append(escape(caption))
        .append("</figcaption>\n")
        .append(svg)
        .append("\n</figure>\n");
  }

  /** {@code s} as HTML text or a double-quoted attribute's value. */
  public static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
