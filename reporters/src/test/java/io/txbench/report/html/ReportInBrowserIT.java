package io.txbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.txbench.report.files.ResultDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The report as a person sees it: opened by a real headless Chromium (Debian's {@code chromium}),
 * for 1, 2 and 30 runs: no console message, no request sent, every chart drawn; a screenshot 1400
 * px wide of each is left under target/report-screenshots for a human to look at. Also that the
 * checks would see a planted request, console error, or chart that did not draw. Skipped where no
 * Chromium is installed.
 */
@Tag("long")
class ReportInBrowserIT {
  private static final Path SHOTS = Path.of("target", "report-screenshots");

  @TempDir Path dir;

  private HeadlessChromium chromium() {
    HeadlessChromium chromium = HeadlessChromium.find(dir);
    assumeTrue(chromium != null, "no Chromium on this machine");
    return java.util.Objects.requireNonNull(chromium);
  }

  private List<ResultDirectory> runs(int count) throws Exception {
    List<ResultDirectory> runs = new ArrayList<>();
    for (ReportFixture.Run run : ReportFixture.sweep(count)) {
      runs.add(ResultDirectory.load(ReportFixture.write(dir.resolve("runs"), run)));
    }
    return runs;
  }

  private static int panels(List<ResultDirectory> runs) throws Exception {
    List<RunFact> facts = RunFacts.of(runs.stream().map(ResultDirectory::summary).toList());
    List<SummaryExtras> extras = new ArrayList<>();
    for (ResultDirectory run : runs) {
      extras.add(SummaryExtras.read(run.path()));
    }
    return ReportData.of(runs, facts, extras).sections().stream()
        .mapToInt(s -> s.panels().size())
        .sum();
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 30})
  void chromiumDrawsEveryChartWithoutAConsoleMessageOrARequest(int count) throws Exception {
    HeadlessChromium chromium = chromium();
    List<ResultDirectory> runs = runs(count);
    Files.createDirectories(SHOTS);
    Path html = SHOTS.resolve("report-" + count + "-runs.html").toAbsolutePath();
    Files.writeString(html, HtmlReport.page(runs));
    int charts = panels(runs);
    assertTrue(charts >= 20, charts + " charts");

    HeadlessChromium.Visit visit = chromium.visit(html);
    assertEquals(List.of(), visit.problems(charts));
    for (ResultDirectory run : runs) {
      assertTrue(visit.dom().contains(run.label()), run.label() + " in the table");
    }
    Matcher height = Pattern.compile("data-page-height=\"(\\d+)\"").matcher(visit.dom());
    assertTrue(height.find(), "the page says how high it is");

    Path png = SHOTS.resolve("report-" + count + "-runs.png").toAbsolutePath();
    Files.deleteIfExists(png);
    chromium.screenshot(html, png, 1400, Math.min(16_000, Integer.parseInt(height.group(1)) + 40));
    assertTrue(Files.size(png) > 50_000, "screenshot of " + Files.size(png) + " bytes");
    System.out.println("Screenshot of the report of " + count + " runs: " + png);
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
    // The same page unchanged has none of these problems: the first case of the test above.
  }

  private HeadlessChromium.Visit visit(HeadlessChromium chromium, String page) throws Exception {
    Path html = Files.createTempFile(dir, "page", ".html");
    Files.writeString(html, page);
    return chromium.visit(html);
  }
}
