package io.txbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.ServerCsv;
import io.txbench.report.files.SummaryFile;
import io.txbench.report.files.SummaryJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report page's data and table: its JSON, escaping, groups, colours and what it says. */
class ReportDataTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DATA = "<script type=\"application/json\" id=\"report-data\">";

  @TempDir Path dir;

  private List<ResultDirectory> load(List<ReportFixture.Run> specs) throws IOException {
    return ReportFixture.load(dir, specs);
  }

  private static ReportFixture.Run quiet(ReportFixture.Run run, ReportFixture.Server server) {
    return new ReportFixture.Run(
        run.name(),
        run.target(),
        run.workload(),
        run.parallelism(),
        run.startMillis(),
        5,
        50,
        run.medianMs(),
        false,
        run.options(),
        server);
  }

  /**
   * The page's data of the two runs of a sweep, without failures, with server.csv {@code a}, {@code
   * b}.
   */
  private JsonNode twoQuietRuns(ReportFixture.Server a, ReportFixture.Server b) throws IOException {
    List<ReportFixture.Run> specs = ReportFixture.sweep(2);
    return data(HtmlReport.page(load(List.of(quiet(specs.get(0), a), quiet(specs.get(1), b)))));
  }

  /** The page's data, read back from its script element as the browser reads it. */
  private static JsonNode data(String page) throws IOException {
    int from = page.indexOf(DATA) + DATA.length();
    return JSON.readTree(page.substring(from, page.indexOf("</script>", from)));
  }

  private static List<String> titles(JsonNode data) {
    List<String> titles = new ArrayList<>();
    data.path("sections").forEach(s -> titles.add(s.path("title").asText()));
    return titles;
  }

  private static JsonNode section(JsonNode data, String start) {
    for (JsonNode s : data.path("sections")) {
      if (s.path("title").asText().startsWith(start)) {
        return s;
      }
    }
    throw new AssertionError("no section " + start + " in " + titles(data));
  }

  /**
   * A last period shorter than half the others (3 s reported every 0.55 s: 0.25 s left) is not
   * drawn: a rate over that sliver jumps or falls at the chart's end for no reason of the server's.
   */
  @Test
  void aShortLastPeriodIsNotDrawn() throws IOException {
    ReportFixture.Run run =
        new ReportFixture.Run(
            "postgres-point-select-p4-3s",
            "postgres",
            "point-select",
            4,
            1_760_000_000_000L,
            3,
            20_000,
            0.2,
            false,
            java.util.Map.of("metrics", "PT0.55S"),
            ReportFixture.Server.NONE);
    JsonNode tps = section(data(HtmlReport.page(load(List.of(run)))), "Throughput");
    JsonNode t = tps.path("panels").get(0).path("data").get(0);
    assertEquals(5, t.size(), t.toString());
    assertEquals(2.75, t.get(4).asDouble(), 1e-9, t.toString());
  }

  @Test
  void labelsAndFieldsFromFilesAreEscapedInTheTableAndTheJson() throws IOException {
    ReportFixture.Run spec = ReportFixture.sweep(1).get(0);
    String name = "x<img src=x onerror=alert(1)>&\"'";
    Path run =
        ReportFixture.write(
            dir,
            quiet(
                new ReportFixture.Run(
                    name,
                    spec.target(),
                    spec.workload(),
                    8,
                    spec.startMillis(),
                    5,
                    50,
                    1,
                    false,
                    spec.options(),
                    ReportFixture.Server.NONE),
                ReportFixture.Server.NONE));
    ObjectNode summary = (ObjectNode) JSON.readTree(run.resolve(SummaryJson.FILE).toFile());
    String forged = "</script><script>alert(2)</script><!--";
    summary.put("serverVersion", forged);
    JSON.writeValue(run.resolve(SummaryJson.FILE).toFile(), summary);

    String page = HtmlReport.page(List.of(ResultDirectory.load(run)));
    assertFalse(page.contains("<img src=x"), "a label is markup nowhere");
    assertFalse(page.contains("alert(2)</script>"), "a summary's text ends no script");
    assertFalse(page.contains("<!--"), "nor starts a comment");
    assertTrue(page.contains("x&lt;img src=x onerror=alert(1)&gt;&amp;&quot;'"), "the table");
    String markup = page.replaceAll("(?s)<script.*?</script>", "");
    assertFalse(markup.matches("(?s).*<[^>]*\\son[a-z]+=.*"), "no inline event handler at all");
    JsonNode data = data(page);
    assertEquals(name, data.path("runs").get(0).path("label").asText(), "JSON reads back the same");
    assertTrue(page.contains("server " + HtmlReport.escape(forged)));
  }

  @Test
  void thePageIsSelfContainedWithItsPolicyFirst() throws IOException {
    String page =
        HtmlReport.page(
            load(List.of(quiet(ReportFixture.sweep(1).get(0), ReportFixture.Server.NONE))));
    String head = page.substring(0, page.indexOf("<title>"));
    assertTrue(head.contains("content=\"" + PageAssets.POLICY + "\""), head);
    assertFalse(page.matches("(?s).*(src|href)=['\"]?(https?:)?//.*"), "nothing to fetch");
    assertTrue(page.contains("uPlot"), "uPlot inlined");
  }

  @Test
  void anAllZeroSeriesIsSaidNotDrawn() throws IOException {
    List<ReportFixture.Run> specs = ReportFixture.sweep(2);
    JsonNode data = twoQuietRuns(ReportFixture.Server.NONE, ReportFixture.Server.NONE);
    JsonNode failures = section(data, "Retries, errors and in-doubt");
    assertEquals(
        "No retries, errors or in-doubt iterations in any run.", failures.path("note").asText());
    assertEquals(0, failures.path("panels").size());
    assertFalse(titles(data).contains("Retries per period"));
    assertTrue(
        section(data, "Server and machine")
            .path("note")
            .asText()
            .startsWith("No run has a server.csv"));

    // One run with retries: its line is drawn, the other's is said.
    List<ResultDirectory> mixed =
        load(List.of(quiet(specs.get(0), ReportFixture.Server.NONE), specs.get(1)));
    JsonNode retries = section(data(HtmlReport.page(mixed)), "Retries per period");
    assertEquals(1, retries.path("panels").get(0).path("lines").size());
    assertTrue(
        retries.path("note").asText().contains("#1 " + specs.get(0).name()), retries.toString());
    assertTrue(ChartPanel.allZero(new double[] {0, Double.NaN, 0}));
    assertFalse(ChartPanel.allZero(new double[] {0, 1e-9}));
  }

  @Test
  void chartDataIsAlignedOnOneAxisWithGapsAsNull() {
    ChartPanel.Lines lines = new ChartPanel.Lines();
    lines.add(new ChartLine(0, "a", false), new double[] {1, 2}, new double[] {10, 20});
    lines.add(
        new ChartLine(1, "b", false),
        new double[] {2.0000001, 3},
        new double[] {Double.NaN, 1.234567});
    ChartPanel panel = lines.panel("t", "");
    assertEquals(List.of(1.0, 2.0, 3.0), panel.data().get(0));
    assertEquals(java.util.Arrays.asList(10.0, 20.0, null), panel.data().get(1));
    assertEquals(java.util.Arrays.asList(null, null, 1.235), panel.data().get(2));
  }

  @Test
  void eachCellOfTheRunTableIsUnderItsHeadingWhenTheRunsDifferInTableSize() throws IOException {
    List<ReportFixture.Run> sweep = ReportFixture.sweep(30);
    List<ResultDirectory> runs =
        load(
            List.of(
                quiet(sweep.get(0), ReportFixture.Server.NONE),
                quiet(sweep.get(5), ReportFixture.Server.NONE)));
    String page = HtmlReport.page(runs);
    String table = page.substring(page.indexOf("<table class=\"runs\">"));
    List<String> headings = cells(table.substring(0, table.indexOf("</thead>")), "th");
    List<String> cells = secondRow(table);
    assertEquals(headings.size(), cells.size(), headings + " / " + cells);
    // The facts that differ, in the table under the results.
    String apart = table.substring(table.indexOf("<table class=\"runs\">", 1));
    List<String> facts = cells(apart.substring(0, apart.indexOf("</thead>")), "th");
    List<String> factCells = secondRow(apart);
    assertEquals(facts.size(), factCells.size(), facts + " / " + factCells);
    assertEquals("100000", factCells.get(facts.indexOf("table-size")), factCells::toString);
    SummaryFile second = runs.get(1).summary();
    assertEquals(
        String.format(java.util.Locale.ROOT, "%.2f", second.outcomes().tps()),
        cells.get(headings.indexOf("tps")),
        cells::toString);
    assertEquals("passed", cells.get(headings.indexOf("verify")), cells::toString);
  }

  /** The texts of the cells of the second run's row of the first table of {@code tables}. */
  private static List<String> secondRow(String tables) {
    String row = tables.substring(tables.indexOf("<tr data-run=\"1\""));
    return cells(row.substring(0, row.indexOf("</tr>")), "td");
  }

  /** The text of each {@code <tag>} cell of {@code html}, markup removed. */
  private static List<String> cells(String html, String tag) {
    List<String> cells = new ArrayList<>();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("<" + tag + "[^>]*>(.*?)</" + tag + ">").matcher(html);
    while (m.find()) {
      cells.add(m.group(1).replaceAll("<[^>]*>", "").strip());
    }
    return cells;
  }

  @Test
  void colourPerRunReadableOnWhiteAndDashedPastThePalette() {
    for (String colour : RunColours.PALETTE) {
      int rgb = Integer.parseInt(colour.substring(1), 16);
      int r = rgb >> 16, g = (rgb >> 8) & 255, b = rgb & 255;
      assertFalse(r > 180 && g > 160 && b < 120, colour + " is yellowish");
      assertTrue(0.299 * r + 0.587 * g + 0.114 * b < 170, colour + " is too pale on white");
    }
    assertEquals(10, RunColours.PALETTE.stream().distinct().count());
    assertEquals(List.of(), RunColours.dash(9));
    assertEquals(RunColours.colour(0), RunColours.colour(10));
    assertFalse(RunColours.dash(10).isEmpty());
    assertFalse(RunColours.dash(10).equals(RunColours.dash(20)));
  }

  @Test
  void serverCsvIsDrawnByFamilyCountersAsRatesAndWhatIsMissingIsSaid() throws IOException {
    List<ReportFixture.Run> specs = ReportFixture.sweep(2);
    JsonNode data = twoQuietRuns(ReportFixture.Server.POSTGRES, ReportFixture.Server.EMULATOR);
    String intro = section(data, "Server and machine").path("note").asText();
    assertTrue(
        intro.contains("No figures of the server's own processes for " + specs.get(1).name()),
        intro);
    JsonNode cpu = section(data, "Machine CPU");
    assertEquals(List.of("user", "system", "iowait"), titlesOf(cpu));
    assertTrue(
        cpu.path("note").asText().contains("Zero throughout in every run: steal."), cpu.toString());
    JsonNode counters = section(data, "Server counters");
    assertTrue(titlesOf(counters).contains("xact_commit"));
    assertTrue(counters.path("note").asText().contains("deadlocks"), "all zero: said");
    assertTrue(titlesOf(section(data, "Server gauges")).contains("wt_cache_bytes"));
    // The third period's sample failed: a gap, not a zero.
    JsonNode commits = counters.path("panels").get(0).path("data").get(1);
    assertTrue(commits.get(2).isNull(), commits.toString());
    assertTrue(commits.get(1).asDouble() > 0);
  }

  private static List<String> titlesOf(JsonNode section) {
    List<String> titles = new ArrayList<>();
    section.path("panels").forEach(p -> titles.add(p.path("title").asText()));
    return titles;
  }

  @Test
  void aCorruptServerCsvIsRefusedInOneLineThatNamesIt() throws IOException {
    Path run =
        ReportFixture.write(
            dir, quiet(ReportFixture.sweep(1).get(0), ReportFixture.Server.POSTGRES));
    Path csv = run.resolve(ServerCsv.FILE);
    List<String> lines = new ArrayList<>(Files.readAllLines(csv));
    lines.set(2, lines.get(2).replaceFirst(",[0-9.]+$", ",lots"));
    Files.write(csv, lines);
    IOException e =
        assertThrows(IOException.class, () -> HtmlReport.page(List.of(ResultDirectory.load(run))));
    assertEquals(
        csv + " is corrupt: line 3, column db_wal_bytes is 'lots', not a number", e.getMessage());
  }
}
