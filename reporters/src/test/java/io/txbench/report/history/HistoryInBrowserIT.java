package io.txbench.report.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.txbench.report.html.HeadlessChromium;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * history's trend page as a person sees it, opened by a real headless Chromium (Debian's {@code
 * chromium}) 1400 px wide: 5,000 runs in 13 series in a page under 2 MB; no console message, no
 * request; every chart drawn, with the change points the page lists drawn as lines and the
 * regression as a ring; no text out of its series' section; the regressed series first, then by
 * target, workload and parallelism as a number. Also that these checks see text that spills, change
 * points not drawn and a console error. The page's size and the time Chromium took are printed; the
 * screenshot is left under target/history-screenshots, and {@code -Dtxbench.writeDocs=true} copies
 * it to docs/screenshots for the README. Skipped where no Chromium is installed.
 */
@Tag("long")
class HistoryInBrowserIT {
  private static final Path SHOTS = Path.of("target", "history-screenshots");
  private static final Path DOCS = Path.of("..", "docs", "screenshots", "history-5000-runs.png");
  private static final long MOST_BYTES = 2_000_000;
  private static final RegressionRule RULE = new RegressionRule(10, 0.10);
  private static final Pattern SECTION =
      Pattern.compile("(?s)<section class=\"series\".*?</section>");

  @TempDir Path dir;

  private HeadlessChromium chromium() {
    HeadlessChromium chromium = HeadlessChromium.find(dir);
    assumeTrue(chromium != null, "no Chromium on this machine");
    return Objects.requireNonNull(chromium);
  }

  private List<SeriesVerdict> judged(HistoryFixture root) throws IOException {
    return HistoryRoot.read(List.of(root.root()), true, w -> {}).stream().map(RULE::judge).toList();
  }

  /** A series' section as Chromium left it: its name, and what the page and its charts say. */
  record Shown(String heading, String changes, int changePoints, int lines, int rings) {
    static List<Shown> of(String dom) {
      List<Shown> shown = new ArrayList<>();
      Matcher section = SECTION.matcher(dom);
      while (section.find()) {
        String html = section.group();
        shown.add(
            new Shown(
                text(html, "(?s)<h2>(.*?)</h2>"),
                text(html, "(?s)<p class=\"changes\">(.*?)</p>"),
                sum(html, "data-changes"),
                sum(html, "data-change-lines"),
                sum(html, "data-regression-rings")));
      }
      return shown;
    }

    private static String text(String html, String regex) {
      Matcher m = Pattern.compile(regex).matcher(html);
      return m.find() ? m.group(1).replaceAll("<[^>]*>", "").replace("&gt;", ">") : "";
    }

    /** The sum of {@code attribute}'s values in {@code html}: over the section's two charts. */
    private static int sum(String html, String attribute) {
      Matcher m = Pattern.compile(attribute + "=\"(\\d+)\"").matcher(html);
      int sum = 0;
      while (m.find()) {
        sum += Integer.parseInt(m.group(1));
      }
      return sum;
    }
  }

  /**
   * What is wrong with a visit of a history page of {@code series} series, each with a tps and a
   * p99 chart: besides {@link HeadlessChromium.Visit#problems}, text that spills out of its
   * section, and charts that did not draw the change points their section lists, or did not ring a
   * regression.
   */
  private static List<String> problems(HeadlessChromium.Visit visit, int series) {
    List<String> problems = new ArrayList<>(visit.problems(2 * series));
    if (!visit.dom().contains("data-overflowing=\"0\"")) {
      Matcher spilled = Pattern.compile("<[^>]*data-overflow=\"true\"[^>]*>").matcher(visit.dom());
      problems.add("text out of its section: " + (spilled.find() ? spilled.group() : "?"));
    }
    for (Shown s : Shown.of(visit.dom())) {
      if (s.lines() != s.changePoints()) {
        problems.add(s.heading() + ": " + s.changePoints() + " changes, " + s.lines() + " drawn");
      }
      if (s.heading().startsWith("REGRESSION") != (s.rings() > 0)) {
        problems.add(s.heading() + ": " + s.rings() + " regression rings");
      }
    }
    return problems;
  }

  @Test
  void fiveThousandRunsDrawInChromiumFromAPageUnderTwoMegabytes() throws Exception {
    HeadlessChromium chromium = chromium();
    HistoryFixture root = new HistoryFixture(dir.resolve("results"));
    root.years(5000);
    List<SeriesVerdict> verdicts = judged(root);
    Files.createDirectories(SHOTS);
    Path html = SHOTS.resolve("history-5000-runs.html").toAbsolutePath();
    HistoryPage.write(verdicts, ChangePoints.DEFAULT, html);
    long bytes = Files.size(html);
    assertTrue(bytes < MOST_BYTES, bytes + " bytes");

    Path blank = Files.writeString(dir.resolve("blank.html"), "<!DOCTYPE html><p>blank</p>");
    long started = System.nanoTime();
    chromium.visit(blank, 1400, 2000);
    long blankMs = (System.nanoTime() - started) / 1_000_000;
    started = System.nanoTime();
    HeadlessChromium.Visit visit = chromium.visit(html, 1400, 2000);
    long pageMs = (System.nanoTime() - started) / 1_000_000;

    assertEquals(13, verdicts.size());
    assertEquals(List.of(), problems(visit, verdicts.size()));
    List<Shown> shown = Shown.of(visit.dom());
    assertEquals(
        List.of(
            "REGRESSION mariadb airline x16",
            "ok mariadb airline x4",
            "ok mariadb airline x8",
            "ok mariadb point-select x4",
            "ok mariadb point-select x8",
            "ok mariadb point-select x16",
            "ok postgres airline x4",
            "ok postgres airline x8 · PostgreSQL 17.2",
            "ok postgres airline x8 · PostgreSQL 17.4",
            "ok postgres airline x16",
            "ok postgres point-select x4",
            "ok postgres point-select x8",
            "ok postgres point-select x16"),
        shown.stream().map(Shown::heading).toList());
    Shown stepped = shown.get(2);
    assertEquals("ok " + HistoryFixture.STEPPED, stepped.heading());
    String step =
        "changed before the run of "
            + HistoryFixture.FIRST
                .plusSeconds(86_400L * HistoryFixture.STEP_NIGHT)
                .atOffset(ZoneOffset.UTC)
                .toLocalDate();
    assertTrue(stepped.changes().contains("tps " + step), stepped.changes());
    assertTrue(stepped.changes().contains("p99 " + step), stepped.changes());
    assertNotEquals(0, stepped.lines(), "the step is drawn");

    Matcher drawnMs = Pattern.compile("data-drawn-ms=\"(\\d+)\"").matcher(visit.dom());
    assertTrue(drawnMs.find(), "the page says when it drew");
    Path png = SHOTS.resolve("history-5000-runs.png").toAbsolutePath();
    Files.deleteIfExists(png);
    chromium.screenshot(html, png, 1400, 2000);
    assertTrue(Files.size(png) > 50_000, "screenshot of " + Files.size(png) + " bytes");
    if (Boolean.getBoolean("txbench.writeDocs")) {
      Files.createDirectories(DOCS.getParent());
      Files.copy(png, DOCS, StandardCopyOption.REPLACE_EXISTING);
    }
    System.out.printf(
        "history of 5,000 runs in %d series: %,d bytes; Chromium took %,d ms to the DOM dump"
            + " (%,d ms for a blank page), the charts drew %s ms after navigation; %s%n",
        verdicts.size(), bytes, pageMs, blankMs, drawnMs.group(1), png);
  }

  @Test
  void theChecksSeeSpilledTextChangePointsNotDrawnAndAConsoleError() throws Exception {
    HeadlessChromium chromium = chromium();
    HistoryFixture root = new HistoryFixture(dir.resolve("results"));
    root.fourSeries();
    String page = HistoryPage.page(judged(root), ChangePoints.DEFAULT);
    assertEquals(List.of(), problems(visit(chromium, page), 4), "the page as it is, 800 px wide");

    String nowrap =
        broken(page, "p.figures{color:#333}", "p.figures{color:#333;white-space:nowrap}");
    List<String> spilled = problems(visit(chromium, nowrap), 4);
    assertTrue(spilled.stream().anyMatch(p -> p.startsWith("text out of")), spilled.toString());

    String undrawn = broken(page, "var changes = s[metric + \"Changes\"];", "var changes = [];");
    List<String> lines = problems(visit(chromium, undrawn), 4);
    assertTrue(
        lines.contains("REGRESSION postgres airline x16: 1 changes, 0 drawn"), lines.toString());

    String error = broken(page, "<body>", "<body><script>console.error('planted error')</script>");
    List<String> logged = problems(visit(chromium, error), 4);
    assertTrue(logged.stream().anyMatch(p -> p.contains("planted error")), logged.toString());
  }

  /** {@code page} with {@code what}, which it must have, replaced by {@code with}. */
  private static String broken(String page, String what, String with) {
    assertTrue(page.contains(what), what);
    return page.replace(what, with);
  }

  private HeadlessChromium.Visit visit(HeadlessChromium chromium, String page) throws Exception {
    Path html = Files.createTempFile(dir, "page", ".html");
    Files.writeString(html, page);
    return chromium.visit(html, 800, 1000);
  }
}
