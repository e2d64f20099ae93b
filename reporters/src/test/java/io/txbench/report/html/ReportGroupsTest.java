package io.txbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.report.files.ResultDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the report puts side by side, for the sets of runs people make: charts by workload and data,
 * targets and parallelism levels in one chart; the table's results first; runs too short for their
 * period said in words.
 */
class ReportGroupsTest {
  @TempDir Path dir;

  private List<ResultDirectory> load(List<ReportFixture.Run> specs) throws IOException {
    return ReportFixture.load(dir, specs);
  }

  /** The runs of {@code specs} at 50 tps: what a test of their facts needs, written quickly. */
  private List<ResultDirectory> quiet(List<ReportFixture.Run> specs) throws IOException {
    List<ReportFixture.Run> quiet = new ArrayList<>();
    for (ReportFixture.Run r : specs) {
      quiet.add(
          new ReportFixture.Run(
              r.name(),
              r.target(),
              r.workload(),
              r.parallelism(),
              r.startMillis(),
              r.seconds(),
              50,
              r.medianMs(),
              false,
              r.options(),
              ReportFixture.Server.NONE));
    }
    return load(quiet);
  }

  private static List<ChartGroup> groups(List<ResultDirectory> runs) {
    return ChartGroups.of(
        runs.size(), RunFacts.of(runs.stream().map(ResultDirectory::summary).toList()));
  }

  private static List<String> labels(List<ChartGroup> groups) {
    return groups.stream().map(ChartGroup::label).toList();
  }

  @Test
  void mixedWorkloadsAreChartedByWorkloadWithBothTargetsInOneChart() throws IOException {
    List<ChartGroup> groups = groups(quiet(ReportSets.mixed()));
    assertEquals(
        List.of("airline", "point-select", "oltp-read-write", "ycsb-a", "analytics", "insert"),
        labels(groups));
    ChartGroup pointSelect = groups.get(1);
    // PostgreSQL's runs 2 and 3, MariaDB's 9 and 10, at 8 and 32 threads.
    assertEquals(List.of(1, 2, 8, 9), pointSelect.runs());
    assertEquals("#9 mysql · parallelism 8", pointSelect.line(8, "ignored"));
    assertEquals("#1 postgres", groups.get(0).line(0, "ignored"), "only what varies in the chart");
    assertEquals("point-select", pointSelect.scale(), "charts of one workload share a y range");
    assertFalse(groups.get(0).scale().equals(pointSelect.scale()));
  }

  @Test
  void aGroupTooLargeIsCutBetweenParallelismLevelsIntoEvenPieces() throws IOException {
    List<ChartGroup> groups = groups(quiet(ReportSets.fifty()));
    assertEquals(
        List.of("airline · parallelism 1–4", "airline · parallelism 8–16"),
        labels(groups).subList(0, 2));
    assertEquals(List.of(0, 1, 2, 5, 6, 7), groups.get(0).runs(), "both targets at 1, 2 and 4");
    assertEquals(10, groups.size(), labels(groups).toString());
    assertTrue(groups.stream().allMatch(g -> g.runs().size() <= ChartGroups.MOST));
    assertEquals(50, groups.stream().mapToInt(g -> g.runs().size()).sum());

    // A sweep of one workload over three table sizes: the data apart, never in one chart.
    List<ChartGroup> sweep = groups(quiet(ReportFixture.sweep(30)));
    assertEquals("table-size 10000 · parallelism 1–4", sweep.get(0).label());
    assertEquals("table-size 1000000 · parallelism 8–16", sweep.get(5).label());
    assertEquals("#5 postgres · parallelism 16", sweep.get(1).line(4, "ignored"));

    // However few runs, two table sizes are two charts; two targets are one.
    List<ChartGroup> four =
        ChartGroups.of(
            4,
            List.of(
                new RunFact("target", List.of("postgres", "postgres", "mysql", "mysql")),
                new RunFact("workload", Collections.nCopies(4, "point-select")),
                new RunFact("table-size", List.of("10000", "100000", "10000", "100000"))));
    assertEquals(List.of("table-size 10000", "table-size 100000"), labels(four));
    assertEquals(List.of(0, 2), four.get(0).runs());
  }

  @Test
  void runsNoFactTellsApartAreCutInTheirOrderAndNamedByTheirLabel() {
    List<RunFact> same = List.of(new RunFact("target", Collections.nCopies(12, "postgres")));
    List<ChartGroup> repeats = ChartGroups.of(12, same);
    assertEquals(List.of("runs 1–6", "runs 7–12"), labels(repeats));
    assertEquals("#9 run-9", repeats.get(1).line(8, "run-9"), "no fact tells them apart");
    List<ChartGroup> few = ChartGroups.of(8, List.of(new RunFact("target", nCopies(8))));
    assertEquals(List.of(""), labels(few), "a few runs are one chart, with no heading");
  }

  private static List<String> nCopies(int n) {
    return Collections.nCopies(n, "postgres");
  }

  @Test
  void aRunOfTooFewPeriodsIsSaidWhereItsChartWouldBe() throws IOException {
    List<ResultDirectory> runs = load(ReportSets.tooFewPeriods());
    String page = HtmlReport.page(runs);
    List<RunFact> facts = RunFacts.of(runs.stream().map(ResultDirectory::summary).toList());
    ChartSection throughput = ReportData.of(runs, facts).sections().get(0);
    ChartPanel panel = throughput.panels().get(0);
    assertEquals(List.of(), panel.lines(), "nothing drawn");
    assertTrue(
        panel
            .words()
            .startsWith(
                "Too few periods to draw over time (#1 postgres-point-select-p8: 2 periods of 10 s"
                    + " and #2 mysql-point-select-p8: 2 periods of 10 s): a run needs 5 or more."),
        panel.words());
    assertTrue(page.contains("Too few periods"));
    assertTrue(
        page.contains(
            "Too few samples to draw over time (#1 postgres-point-select-p8: 1 and"
                + " #2 mysql-point-select-p8: 1)"),
        "the server's charts too");

    // Six short runs with txbench's own period draw, and say nothing of it.
    List<ResultDirectory> short6 = quiet(ReportSets.shortRuns());
    assertFalse(HtmlReport.page(short6).contains("Too few periods"));
  }

  @Test
  void theTablesShowTheResultsThenOnlyTheFactsThatDifferAndNeverNotRecorded() throws IOException {
    String page = HtmlReport.page(quiet(ReportSets.mixed()));
    List<String> headings = cells(page, "<thead><tr>(.*?)</tr></thead>", "th");
    assertEquals(
        List.of("show", "#", "run", "tps", "p50 ms", "p99 ms", "errors", "verify"),
        headings.subList(0, 8),
        headings.toString());
    // The facts in a table of their own under the results, so that each fits the window.
    assertFalse(headings.contains("workload"), headings.toString());
    String apart = page.substring(page.indexOf("<b>What sets the runs apart:</b>"));
    List<String> facts = cells(apart, "<thead><tr>(.*?)</tr></thead>", "th");
    assertEquals(List.of("#", "run", "target", "workload"), facts.subList(0, 4), facts.toString());
    assertEquals(headings.indexOf("p99 ×") + 1, headings.indexOf("vs"), "what the ratios are to");
    // MariaDB's analytics run (14th) against PostgreSQL's (6th), not against airline's first run.
    List<String> cells = cells(page, "<tr data-run=\"12\">(.*?)</tr>", "td");
    assertEquals("mysql-analytics-p4", cells.get(2));
    assertEquals("6", cells.get(headings.indexOf("vs")), cells.toString());
    assertTrue(facts.containsAll(List.of("parallelism", "table-size")), facts.toString());
    assertFalse(facts.contains("duration"), "the same for every run: said once above");
    assertFalse(facts.contains("mysql-driver"), "MariaDB's alone: said by target");
    List<String> factCells = cells(apart, "<tr data-run=\"12\">(.*?)</tr>", "td");
    assertEquals(
        List.of("13", "mysql-analytics-p4", "mysql", "analytics"), factCells.subList(0, 4));
    assertFalse(page.contains("not recorded"), "a fact a run has not is left blank");
    assertTrue(page.contains("mysql: server MariaDB 11.4.5, embedded no"), page);
  }

  /**
   * The texts of the {@code tag} cells of the first part of {@code page} that {@code row} finds.
   */
  private static List<String> cells(String page, String row, String tag) {
    Matcher found = Pattern.compile(row).matcher(page);
    assertTrue(found.find(), row);
    List<String> cells = new ArrayList<>();
    Matcher cell = Pattern.compile("<" + tag + "[^>]*>(.*?)</" + tag + ">").matcher(found.group(1));
    while (cell.find()) {
      cells.add(cell.group(1));
    }
    return cells;
  }
}
