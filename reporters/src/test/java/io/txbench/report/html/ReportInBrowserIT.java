package io.txbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.txbench.report.files.ResultDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The report as a person sees it: opened by a real headless Chromium (Debian's {@code chromium}) in
 * a window 1400 px wide, for the sets of runs people make (1 and 2 runs, 6 short runs with default
 * settings, 14 runs of mixed workloads, 30 and 50 runs): no console message, no request sent, every
 * chart drawn, no text cut at a chart's edge, the table's tps and p99 columns in view; a screenshot
 * of each is left under target/report-screenshots for a human to look at, and with {@code
 * -Dtxbench.writeDocs=true} the README's are written to docs/screenshots. Also that the checks
 * would see a planted request, console error, chart that did not draw, or label cut. Skipped where
 * no Chromium is installed.
 */
@Tag("long")
class ReportInBrowserIT {
  private static final Path SHOTS = Path.of("target", "report-screenshots");

  /** The pages the README shows. */
  private static final java.util.Set<String> IN_THE_README =
      java.util.Set.of(
          "report-2-runs", "report-6-short-runs", "report-14-mixed-runs", "report-50-runs");

  @TempDir Path dir;

  private HeadlessChromium chromium() {
    HeadlessChromium chromium = HeadlessChromium.find(dir);
    assumeTrue(chromium != null, "no Chromium on this machine");
    return java.util.Objects.requireNonNull(chromium);
  }

  private List<ResultDirectory> runs(int count) throws Exception {
    return load(ReportFixture.sweep(count));
  }

  private List<ResultDirectory> load(List<ReportFixture.Run> set) throws Exception {
    return ReportFixture.load(dir.resolve("runs"), set);
  }

  /** The runs of the set named {@code name}, as the parameterised test names them. */
  private List<ResultDirectory> set(String name) throws Exception {
    return switch (name) {
      case "1-run" -> runs(1);
      case "2-runs" -> runs(2);
      case "6-short-runs" -> load(ReportSets.shortRuns());
      case "14-mixed-runs" -> load(ReportSets.mixed());
      case "30-runs" -> runs(30);
      case "50-runs" -> load(ReportSets.fifty());
      default -> throw new IllegalArgumentException(name);
    };
  }

  /**
   * What is wrong with a visit of a report that should draw {@code charts} charts: the pages'
   * problems, and text cut or spilling over, or the tps and p99 columns out of the window.
   */
  private static List<String> problems(HeadlessChromium.Visit visit, int charts) {
    List<String> problems = new ArrayList<>(visit.problems(charts));
    String dom = visit.dom();
    Matcher overflow = Pattern.compile("data-overflow=\"([^\"]*)\"").matcher(dom);
    if (!overflow.find()) {
      problems.add("the script did not say what overflows");
    } else if (!overflow.group(1).isEmpty()) {
      problems.add("text cut or spilling over: " + overflow.group(1));
    }
    for (String column : List.of("tps", "p99")) {
      Matcher right = Pattern.compile("data-" + column + "-right=\"(\\d+)\"").matcher(dom);
      if (!right.find()) {
        problems.add("no " + column + " column");
      } else if (Integer.parseInt(right.group(1)) > HeadlessChromium.VIEWPORT) {
        problems.add("the " + column + " column ends at " + right.group(1) + " px, out of view");
      }
    }
    return problems;
  }

  private static int count(String text, String what) {
    return text.split(Pattern.quote(what), -1).length - 1;
  }

  private static int panels(List<ResultDirectory> runs) throws Exception {
    List<RunFact> facts = RunFacts.of(runs.stream().map(ResultDirectory::summary).toList());
    return (int)
        ReportData.of(runs, facts).sections().stream()
            .flatMap(s -> s.panels().stream())
            .filter(p -> !p.lines().isEmpty())
            .count();
  }

  @ParameterizedTest
  @ValueSource(strings = {"1-run", "2-runs", "6-short-runs", "14-mixed-runs", "30-runs", "50-runs"})
  void chromiumDrawsEveryChartWithoutAConsoleMessageOrARequest(String name) throws Exception {
    HeadlessChromium chromium = chromium();
    List<ResultDirectory> runs = set(name);
    Files.createDirectories(SHOTS);
    Path html = SHOTS.resolve("report-" + name + ".html").toAbsolutePath();
    Files.writeString(html, HtmlReport.page(runs));
    int charts = panels(runs);
    assertTrue(charts >= 20, charts + " charts");

    long start = System.nanoTime();
    HeadlessChromium.Visit visit = chromium.visit(html);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(List.of(), problems(visit, charts));
    for (ResultDirectory run : runs) {
      assertTrue(visit.dom().contains(run.label()), run.label() + " in the table");
    }
    Matcher height = Pattern.compile("data-page-height=\"(\\d+)\"").matcher(visit.dom());
    assertTrue(height.find(), "the page says how high it is");
    System.out.printf(
        "The report of %s: %,d bytes, %d charts, opened and drawn by Chromium in %,d ms%n",
        name, Files.size(html), charts, millis);
    screenshot(chromium, html, "report-" + name, Integer.parseInt(height.group(1)));
  }

  /** A run of fewer than 5 periods is said, in words, where its charts over time would be. */
  @Test
  void runsOfTooFewPeriodsAreSaidWhereTheirChartsWouldBe() throws Exception {
    HeadlessChromium chromium = chromium();
    List<ResultDirectory> runs = load(ReportSets.tooFewPeriods());
    Path html = SHOTS.resolve("report-too-few-periods.html").toAbsolutePath();
    Files.createDirectories(SHOTS);
    Files.writeString(html, HtmlReport.page(runs));
    HeadlessChromium.Visit visit = chromium.visit(html);
    assertEquals(List.of(), problems(visit, panels(runs)));
    int said = count(visit.dom(), "<p class=\"words\">Too few periods to draw over time");
    assertTrue(said >= 4, said + " charts said in words: throughput, p99, and each failure's");
    assertTrue(visit.dom().contains("#1 postgres-point-select-p8: 2 periods of 10 s"), "named");
  }

  /**
   * A picture {@value HeadlessChromium#VIEWPORT} px wide of the page's top (the whole of a short
   * page): under target, and under docs/screenshots when the README's are written anew.
   */
  private static void screenshot(HeadlessChromium chromium, Path html, String name, int height)
      throws Exception {
    Path png = SHOTS.resolve(name + ".png").toAbsolutePath();
    Files.deleteIfExists(png);
    chromium.screenshot(html, png, HeadlessChromium.VIEWPORT, Math.min(2_600, height + 40));
    assertTrue(Files.size(png) > 50_000, "screenshot of " + Files.size(png) + " bytes");
    System.out.println("Screenshot: " + png);
    if (Boolean.getBoolean("txbench.writeDocs") && IN_THE_README.contains(name)) {
      Path docs = Path.of("..", "docs", "screenshots");
      Files.createDirectories(docs);
      Files.copy(png, docs.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  @Test
  void theChecksSeeAPlantedRequestConsoleErrorOrChartNotDrawn() throws Exception {
    HeadlessChromium chromium = chromium();
    List<ResultDirectory> runs = runs(1);
    int charts = panels(runs);
    String page = HtmlReport.page(runs);
    String image = "<img src=\"http://127.0.0.1:9/planted.png\" alt=\"\"/>";

    // The page's policy blocks the request, and Chromium says so on the console, beside the
    // planted error.
    String error = "<script>console.error('planted error')</script>";
    List<String> blocked =
        visit(chromium, page.replace("<body>", "<body>" + image + error)).problems(charts);
    assertTrue(blocked.stream().anyMatch(p -> p.contains("planted.png")), blocked.toString());
    assertTrue(blocked.stream().anyMatch(p -> p.contains("planted error")), blocked.toString());

    // Without the policy, the request goes out, and the network log has it.
    String open = page.replace("<meta http-equiv=\"Content-Security-Policy\"", "<meta name=\"x\"");
    List<String> sent = visit(chromium, open.replace("<body>", "<body>" + image)).problems(charts);
    assertTrue(sent.contains("request sent: http://127.0.0.1:9/planted.png"), sent.toString());

    String broken =
        page.replace("new uPlot(opts, panel.data, holder)", "new uPlot(opts, null, holder)");
    assertFalse(broken.equals(page));
    List<String> undrawn = visit(chromium, broken).problems(charts);
    assertTrue(undrawn.stream().anyMatch(p -> p.contains("charts expected")), undrawn.toString());

    // Tick labels cut at the chart's right edge, or wider than the y axis: said.
    String cut =
        page.replace("padding: [10, percentiles ? 44 : 18, 0, 0]", "padding: [10, 0, 0, 0]")
            .replace("var yAxis = { size: 60,", "var yAxis = { size: 30,");
    assertFalse(cut.equals(page));
    List<String> spilled = problems(visit(chromium, cut), charts);
    assertTrue(spilled.stream().anyMatch(p -> p.contains("x tick 99.9")), spilled.toString());
    assertTrue(spilled.stream().anyMatch(p -> p.contains("y tick")), spilled.toString());
    // The same page unchanged has none of these problems: the first case of the test above.
  }

  private HeadlessChromium.Visit visit(HeadlessChromium chromium, String page) throws Exception {
    Path html = Files.createTempFile(dir, "page", ".html");
    Files.writeString(html, page);
    return chromium.visit(html);
  }
}
