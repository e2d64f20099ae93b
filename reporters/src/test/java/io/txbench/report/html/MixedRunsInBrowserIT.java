package io.txbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.txbench.report.files.ResultDirectory;
import io.txbench.report.history.ChangePoints;
import io.txbench.report.history.HistoryPage;
import io.txbench.report.history.HistoryRoot;
import io.txbench.report.history.RegressionRule;
import io.txbench.report.history.SeriesVerdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report and the history page of 13 runs a newcomer makes on a busy machine ({@link
 * ReportSets#thirteen}: three targets, six workloads, a paced run, three runs of 3 s minutes apart,
 * each warned of the saturated machine), as headless Chromium draws them 1400 px wide: the warnings
 * said once each in a note under the table, not in a column that squeezes the rows; no legend entry
 * wrapped; both run tables within the window; each history series' time axis about its own runs.
 * The screenshots go to target/report-screenshots, and with {@code -Dtxbench.writeDocs=true} to
 * docs/screenshots. Skipped where no Chromium is installed.
 */
@Tag("long")
class MixedRunsInBrowserIT {
  private static final Path SHOTS = Path.of("target", "report-screenshots");

  /** A row of the run table one or two lines high, at the table's 12 px. */
  private static final int ROW_AT_MOST_PX = 40;

  /** A legend entry one line high, at the legend's 12 px. */
  private static final int LEGEND_ENTRY_AT_MOST_PX = 26;

  @TempDir Path dir;

  private HeadlessChromium chromium() {
    HeadlessChromium chromium = HeadlessChromium.find(dir);
    assumeTrue(chromium != null, "no Chromium on this machine");
    return Objects.requireNonNull(chromium);
  }

  private static int attribute(String dom, String name) {
    Matcher m = Pattern.compile(name + "=\"(\\d+)\"").matcher(dom);
    assertTrue(m.find(), name + " in the page");
    return Integer.parseInt(m.group(1));
  }

  private static int count(String text, String what) {
    return text.split(Pattern.quote(what), -1).length - 1;
  }

  @Test
  void theReportOfThirteenMixedRunsKeepsItsRowsAndLegendsOneLineHigh() throws Exception {
    HeadlessChromium chromium = chromium();
    List<ResultDirectory> runs = ReportFixture.load(dir.resolve("runs"), ReportSets.thirteen());
    Files.createDirectories(SHOTS);
    Path html = SHOTS.resolve("report-13-mixed-runs.html").toAbsolutePath();
    Files.writeString(html, HtmlReport.page(runs));
    HeadlessChromium.Visit visit = chromium.visit(html);
    String dom = visit.dom();

    assertEquals(2, count(dom, "<p class=\"note warning\">"), "one note per distinct warning");
    assertEquals(1, count(dom, "(runs 1-9, 11-13):</b> " + ReportSets.SATURATED.substring(0, 40)));
    int row = attribute(dom, "data-tallest-row");
    assertTrue(row <= ROW_AT_MOST_PX, "the tallest row of the table is " + row + " px high");
    // Every column of the run tables in the window, the client warning's "note N" too.
    int right = attribute(dom, "data-tables-right");
    int width = attribute(dom, "data-viewport-width");
    assertTrue(right <= width, "the run tables end at " + right + " px, the window at " + width);
    assertTrue(dom.contains("<b>What sets the runs apart:</b>"), "the facts' table");
    int entry = attribute(dom, "data-tallest-legend-entry");
    assertTrue(
        entry <= LEGEND_ENTRY_AT_MOST_PX, "the tallest legend entry is " + entry + " px high");
    int height = attribute(dom, "data-page-height");
    screenshot(chromium, html, "report-13-mixed-runs", Math.min(2_600, height + 40));
  }

  @Test
  void theHistoryOfThirteenMixedRunsDrawsEachSeriesOverItsOwnTime() throws Exception {
    HeadlessChromium chromium = chromium();
    ReportFixture.load(dir.resolve("runs"), ReportSets.thirteen());
    List<SeriesVerdict> verdicts =
        HistoryRoot.read(List.of(dir.resolve("runs")), true, w -> {}).stream()
            .map(new RegressionRule(10, 0.10)::judge)
            .toList();
    // The paced run is a series of its own; the three short runs one series.
    assertEquals(11, verdicts.size(), verdicts.toString());
    Files.createDirectories(SHOTS);
    Path html = SHOTS.resolve("history-13-mixed-runs.html").toAbsolutePath();
    HistoryPage.write(verdicts, ChangePoints.DEFAULT, html);
    HeadlessChromium.Visit visit = chromium.visit(html, HeadlessChromium.VIEWPORT, 2000);
    assertEquals(List.of(), visit.problems(2 * verdicts.size()));
    Matcher axis =
        Pattern.compile("data-x-from=\"(-?\\d+)\" data-x-to=\"(-?\\d+)\"").matcher(visit.dom());
    List<Long> spans = new ArrayList<>();
    while (axis.find()) {
      spans.add(Long.parseLong(axis.group(2)) - Long.parseLong(axis.group(1)));
    }
    assertEquals(2 * verdicts.size(), spans.size(), "every chart says its time axis");
    // One run: an hour about it. Three runs 8 minutes apart: 8 minutes and a little more.
    assertEquals(20, spans.stream().filter(s -> s == 3_600).count(), spans.toString());
    assertEquals(2, spans.stream().filter(s -> s > 480 && s < 600).count(), spans.toString());
    screenshot(chromium, html, "history-13-mixed-runs", 2_000);
  }

  private static void screenshot(HeadlessChromium chromium, Path html, String name, int height)
      throws Exception {
    Path png = SHOTS.resolve(name + ".png").toAbsolutePath();
    Files.deleteIfExists(png);
    chromium.screenshot(html, png, HeadlessChromium.VIEWPORT, height);
    assertTrue(Files.size(png) > 50_000, "screenshot of " + Files.size(png) + " bytes");
    System.out.println("Screenshot: " + png);
    if (Boolean.getBoolean("txbench.writeDocs")) {
      Path docs = Files.createDirectories(Path.of("..", "docs", "screenshots"));
      Files.copy(png, docs.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
