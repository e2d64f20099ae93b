package io.txbench.report.compare;

import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.HistogramLog;
import io.txbench.report.files.HourlyCost;
import io.txbench.report.files.IntervalRow;
import io.txbench.report.files.IntervalsCsv;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryFile;
import io.txbench.report.files.SummaryFileTest;
import io.txbench.report.files.SummaryJson;
import io.txbench.report.html.HtmlReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareMergeReportTest {
  @TempDir Path dir;

  private ResultDirectory run(String name, String target, long start, int perSecond, long millis)
      throws IOException {
    return ResultDirectory.load(
        FakeRuns.write(dir.resolve(name), target, start, 5, perSecond, millis));
  }

  @Test
  void compareAlignsTheRunsWithRatiosToTheFirst() throws IOException {
    List<ResultDirectory> runs =
        List.of(run("pg", "postgres", 1_000_000, 100, 2), run("my", "mysql", 1_000_000, 200, 4));
    String text = CompareTable.render(runs, CompareTable.Format.TEXT);
    List<String> lines = text.lines().toList();
    // What the runs share, the table, and the line that names the baseline.
    // What the runs share, each target's server, the table, and the line that names the baseline.
    assertEquals(
        List.of("workload insert, threads 4", "servers: postgres postgres 1.0, mysql mysql 1.0"),
        lines.subList(0, 2),
        text);
    assertEquals("run", lines.get(2).split(" ", -1)[0], text);
    assertEquals(6, lines.size(), text);
    assertTrue(lines.get(4).startsWith("2 mysql "), text);
    assertTrue(lines.get(4).contains(" 2.00 "), text); // twice the throughput, twice the p99
    String markdown = CompareTable.render(runs, CompareTable.Format.MARKDOWN);
    assertTrue(markdown.startsWith("| label | run | target |"), markdown);
    assertTrue(markdown.lines().skip(1).findFirst().orElseThrow().startsWith("|---|"));
    String csv = CompareTable.render(runs, CompareTable.Format.CSV);
    assertEquals(String.join(",", CompareTable.HEADER), csv.lines().findFirst().orElseThrow());
    assertTrue(CompareTable.HEADER.contains("in_doubt"));
    assertEquals(
        "1",
        csv.lines()
            .skip(1)
            .findFirst()
            .orElseThrow()
            .split(",", -1)[CompareTable.HEADER.indexOf("in_doubt")]);
  }

  @Test
  void mergeAddsCountsAndMergesHistogramsExactly() throws IOException {
    ResultDirectory a = run("client-a", "postgres", 1_700_000_000_000L, 100, 2);
    ResultDirectory b = run("client-b", "postgres", 1_700_000_000_200L, 300, 8);
    Path out = dir.resolve("merged");
    ClientWindows windows = RunMerger.merge(List.of(a, b), out, null);
    assertTrue(windows.warning().isEmpty(), windows.warning().toString()); // 4.8 s of 5.2
    ResultDirectory merged = ResultDirectory.load(out);
    assertEquals(2000, merged.summary().outcomes().iterations());
    assertEquals(8, merged.summary().identity().parallelism());
    assertEquals(5.2, merged.summary().window().measuredSeconds(), 0.001);
    assertEquals(2000 / 5.2, merged.summary().outcomes().tps(), 0.01);
    assertEquals(10, merged.summary().outcomes().retries());
    Histogram all = merged.responseTimes();
    Histogram expected = a.responseTimes();
    expected.add(b.responseTimes());
    assertEquals(expected, all);
    assertEquals(5, merged.intervals().size());
    assertEquals(400, merged.intervals().get(0).count());
    assertEquals(2, merged.intervals().get(0).outcomes().retries());
    assertEquals(2, requireNonNull(merged.summary().provenance().mergedFrom()).size());
    assertEquals(2, (long) requireNonNull(merged.summary().outcomes().inDoubt()));
    assertEquals(
        2,
        (long)
            requireNonNull(
                requireNonNull(merged.summary().outcomes().inDoubtByCause()).get("reply-lost")));
    assertEquals(2, merged.intervals().get(0).outcomes().inDoubt());
    assertEquals(2, (long) requireNonNull(merged.summary().outcomes().declined()));
    assertEquals(2, merged.intervals().get(0).outcomes().declined());
  }

  @Test
  void mergeRefusesRunsThatNeverRanAtTheSameTime() throws IOException {
    // A sweep's levels: each starts when the one before ended.
    ResultDirectory p8 = run("p8", "postgres", 1_700_000_000_000L, 100, 2);
    ResultDirectory p16 = run("p16", "postgres", 1_700_000_005_000L, 200, 2);
    ResultDirectory p32 = run("p32", "postgres", 1_700_000_010_000L, 300, 2);
    Path out = dir.resolve("merged");
    IOException e =
        assertThrows(IOException.class, () -> RunMerger.merge(List.of(p8, p16, p32), out, null));
    assertTrue(
        String.valueOf(e.getMessage())
            .startsWith(p8.path() + " and " + p32.path() + " did not run at" + " the same time"),
        e.getMessage());
    assertEquals(1, String.valueOf(e.getMessage()).lines().count());
    assertTrue(Files.notExists(out), "nothing is written");
  }

  /** A client's run of 4 s on postgres. */
  private ResultDirectory client(String name, long start, int perSecond, long millis)
      throws IOException {
    return ResultDirectory.load(
        FakeRuns.write(dir.resolve(name), "postgres", start, 4, perSecond, millis));
  }

  /**
   * Two clients of 4 s, one started a second after the other, priced at 0.50 and 1.50 an hour: the
   * merge costs 2.00 an hour over its 5 s, 2 x 5 / 3600 = 0.00277778, and with the 1,600 iterations
   * of both, 0.00277778 / 1600 x 10^6 = 1.73611 a million (2 / (320 tps x 3600) x 10^6).
   */
  @Test
  void mergeAddsUpTheClientsPricesOverTheMergedWindow() throws IOException {
    ResultDirectory a = FakeRuns.priced(client("client-a", 1_700_000_000_000L, 100, 2).path(), 0.5);
    ResultDirectory b = FakeRuns.priced(client("client-b", 1_700_000_001_000L, 300, 2).path(), 1.5);
    Path out = dir.resolve("merged");
    RunMerger.merge(List.of(a, b), out, null);
    SummaryFile merged = ResultDirectory.load(out).summary();
    assertEquals(1600, merged.outcomes().iterations());
    assertEquals(5.0, merged.window().measuredSeconds(), 0.001);
    assertEquals(new SummaryFile.Cost(2.0, 0.00277778, 1.73611), merged.window().cost());
    // At a price given for each client, the recorded ones are not read: 2 x 0.75 = 1.50 an hour.
    Path atPrice = dir.resolve("at-price");
    RunMerger.merge(List.of(a, b), atPrice, new HourlyCost(0.75));
    assertEquals(
        new SummaryFile.Cost(1.5, 0.00208333, 1.30208),
        ResultDirectory.load(atPrice).summary().window().cost());
  }

  @Test
  void aMergeThatCannotWriteItsHistogramLogSaysWhichFile() throws IOException {
    ResultDirectory a = run("client-a", "postgres", 1_700_000_000_000L, 100, 2);
    ResultDirectory b = run("client-b", "postgres", 1_700_000_000_200L, 300, 8);
    Path out = Files.createDirectories(dir.resolve("full"));
    Files.createSymbolicLink(out.resolve(HistogramLog.FILE), Path.of("/dev/full"));
    IOException e =
        assertThrows(IOException.class, () -> RunMerger.merge(List.of(a, b), out, null));
    assertEquals(
        "cannot write " + out.resolve(HistogramLog.FILE) + ": the write failed (is the disk full?)",
        e.getMessage());
  }

  @Test
  void mergeRefusesPricesSomeClientsLackAndNeedsNoneWhenNoneHas() throws IOException {
    ResultDirectory a = FakeRuns.priced(client("client-a", 1_700_000_000_000L, 100, 2).path(), 0.5);
    ResultDirectory b = client("client-b", 1_700_000_001_000L, 300, 2);
    Path out = dir.resolve("merged");
    IOException e =
        assertThrows(IOException.class, () -> RunMerger.merge(List.of(a, b), out, null));
    assertEquals(
        "1 of the 2 runs were given a price (--cost-per-hour), not client-b: give merge"
            + " --cost-per-hour, the price of each client",
        e.getMessage());
    assertTrue(Files.notExists(out), "nothing is written");
    RunMerger.merge(List.of(a, b), out, new HourlyCost(0.5));
    assertEquals(
        1.0, requireNonNull(ResultDirectory.load(out).summary().window().cost()).perHour());
    ResultDirectory c = client("client-c", 1_700_000_000_000L, 100, 2);
    RunMerger.merge(List.of(b, c), dir.resolve("unpriced"), null);
    assertNull(ResultDirectory.load(dir.resolve("unpriced")).summary().window().cost());
  }

  /**
   * A run of 500 iterations in 5 s at 0.50 an hour: 0.5 x 5 / 3600 / 500 x 10^6 = 1.389 a million,
   * beside its tps in every format; a run given no price has empty cells.
   */
  @Test
  void compareAndTheReportShowTheCostOfAMillionIterationsBesideTheTps() throws IOException {
    List<ResultDirectory> runs =
        List.of(
            FakeRuns.priced(run("pg", "postgres", 1_000_000, 100, 2).path(), 0.5),
            run("my", "mysql", 1_000_000, 200, 4));
    List<String> text = CompareTable.render(runs, CompareTable.Format.TEXT).lines().toList();
    List<String> headings = List.of(text.get(2).split(" +"));
    assertEquals("cost/M", headings.get(headings.indexOf("tps_x") + 1), text.toString());
    assertTrue(text.get(3).matches("1 postgres +100\\.00 +1\\.00 +1\\.389 .*"), text.get(3));
    assertTrue(text.get(4).matches("2 mysql +200\\.00 +2\\.00 +[0-9].*"), text.get(4));
    List<String> csv = CompareTable.render(runs, CompareTable.Format.CSV).lines().toList();
    List<String> header = List.of(csv.get(0).split(","));
    int at = header.indexOf("tps_ratio") + 1;
    assertEquals(List.of("cost_per_million", "cost_per_hour"), header.subList(at, at + 2));
    assertEquals(List.of("1.389", "0.5"), List.of(csv.get(1).split(",", -1)).subList(at, at + 2));
    assertEquals(List.of("", ""), List.of(csv.get(2).split(",", -1)).subList(at, at + 2));
    String markdown = CompareTable.render(runs, CompareTable.Format.MARKDOWN);
    assertTrue(markdown.contains("| tps_ratio | cost_per_million | cost_per_hour |"), markdown);
    String page = HtmlReport.page(runs);
    assertTrue(
        page.contains(
            "<th data-column=\"tps\">tps</th><th data-column=\"cost_per_million\">"
                + "cost per M</th>"),
        page);
    assertTrue(page.contains("<td class=\"num\">1.389</td>"), page);
    assertTrue(page.contains("cost per M: what a million iterations cost"), page);
    // Runs none of which was given a price have no cost column.
    List<ResultDirectory> unpriced = List.of(runs.get(1), run("my2", "mysql", 1_000_000, 200, 4));
    assertFalse(CompareTable.render(unpriced, CompareTable.Format.CSV).contains("cost"));
    assertFalse(HtmlReport.page(unpriced).contains("cost_per"));
  }

  @Test
  void mergedClientsSpanTheirWindowsAndTheirPeriodsLandOnWallClockTime() throws IOException {
    // Two clients of 4 s, the second started 2.26 s after the first: 1.74 s together.
    ResultDirectory a = client("client-0", 1_700_000_000_000L, 100, 2);
    ResultDirectory b = client("client-1", 1_700_000_002_260L, 300, 2);
    Path out = dir.resolve("merged");
    ClientWindows windows = RunMerger.merge(List.of(a, b), out, null);
    ResultDirectory merged = ResultDirectory.load(out);
    assertEquals(a.summary().window().start(), merged.summary().window().start());
    assertEquals(b.summary().window().end(), merged.summary().window().end());
    assertEquals(6.26, merged.summary().window().measuredSeconds(), 0.001);
    assertEquals(1.74, requireNonNull(merged.summary().provenance().overlapSeconds()), 0.001);
    assertEquals(1600 / 6.26, merged.summary().outcomes().tps(), 0.01);
    assertTrue(
        windows.warning().orElseThrow().contains("1.74 s of the 6.26 s"),
        windows.warning().toString());
    assertTrue(windows.warning().orElseThrow().contains("understates"));
    // Periods of the --metrics length, the second client's first period in the third.
    List<Long> counts = merged.intervals().stream().map(IntervalRow::count).toList();
    assertEquals(List.of(100L, 100L, 400L, 400L, 300L, 300L), counts);
    for (int i = 0; i < merged.intervals().size(); i++) {
      assertEquals(i + 1.0, merged.intervals().get(i).t(), 1e-9, "period " + i);
    }
    for (Histogram h : merged.histograms()) {
      assertEquals(1000, h.getEndTimeStamp() - h.getStartTimeStamp());
    }
  }

  @Test
  void aMergesIntervalsAreWrittenAsBeforeTheyHadNoIntervalStats() throws IOException {
    Path out = dir.resolve("merged");
    RunMerger.merge(
        List.of(
            client("client-a", 1_700_000_000_000L, 100, 2),
            client("client-b", 1_700_000_002_260L, 300, 9)),
        out,
        null);
    assertEquals(
        SummaryFileTest.pinned("intervals-merged.csv"),
        Files.readString(out.resolve(IntervalsCsv.FILE)));
  }

  @Test
  void mergeRefusesDifferentTargets() throws IOException {
    ResultDirectory a = run("a", "postgres", 1_000_000, 10, 1);
    ResultDirectory b = run("b", "mysql", 1_000_000, 10, 1);
    IOException e =
        assertThrows(
            IOException.class, () -> RunMerger.merge(List.of(a, b), dir.resolve("m"), null));
    assertTrue(
        String.valueOf(e.getMessage()).contains("same workload on the same target"),
        e.getMessage());
  }

  @Test
  void aDirectoryWithoutSummaryIsRefusedByName() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    IOException e = assertThrows(IOException.class, () -> ResultDirectory.load(empty));
    assertTrue(
        String.valueOf(e.getMessage()).contains("not a txbench result directory"), e.getMessage());
  }

  @Test
  void theReportIsOneSelfContainedPageWithItsChartsData() throws IOException {
    List<ResultDirectory> runs =
        List.of(run("pg", "postgres", 1_000_000, 100, 2), run("my", "mysql", 1_000_000, 200, 4));
    Path html = dir.resolve("report.html");
    Files.writeString(html, HtmlReport.page(runs));
    String page = Files.readString(html);
    assertTrue(page.contains("<td>pg</td>") && page.contains("<td>my</td>"));
    // Self-contained: its scripts inline, and nothing fetched from elsewhere.
    assertFalse(page.matches("(?s).*<script[^>]*\\ssrc=.*"));
    assertFalse(page.matches("(?s).*(src|href)=['\"]?https?:.*"));
    assertTrue(page.contains("Latency distribution (percentile plot)"));
  }

  @Test
  void aMergeKeepsEachClientsCpuAndWarningAndComparesWithThem() throws IOException {
    ResultDirectory a = run("client-a", "postgres", 1_700_000_000_000L, 100, 2);
    Path b = FakeRuns.write(dir.resolve("client-b"), "postgres", 1_700_000_000_200L, 5, 300, 8);
    ObjectMapper json = new ObjectMapper();
    ObjectNode summary = (ObjectNode) json.readTree(b.resolve(SummaryJson.FILE).toFile());
    ((ObjectNode) summary.get("client")).put("bottleneck", "the client used 3.50 of 4 cores");
    json.writeValue(b.resolve(SummaryJson.FILE).toFile(), summary);
    Path out = dir.resolve("merged");
    RunMerger.merge(List.of(a, ResultDirectory.load(b)), out, null);
    ResultDirectory merged = ResultDirectory.load(out);
    // The clients' machines' figures add up to nothing: none for the merge, each client's kept.
    assertNull(merged.summary().environment().client());
    SummaryFile.Client client =
        requireNonNull(requireNonNull(merged.summary().provenance().mergedFrom()).get(0).client());
    assertEquals(0.5, client.cpuCores());
    assertNull(client.bottleneck());
    assertTrue(merged.intervals().stream().allMatch(r -> r.client().cpuCores().isEmpty()));
    String text = CompareTable.render(List.of(a, merged), CompareTable.Format.TEXT);
    assertTrue(text.endsWith("\nwarning: 2 x8: client-b: the client used 3.50 of 4 cores\n"), text);
  }
}
