package io.txbench.report.html;

import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.txbench.core.spi.Verification;
import io.txbench.report.compare.CompareTable;
import io.txbench.report.compare.RunMerger;
import io.txbench.report.console.ConsoleSummary;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SummaryJson;
import io.txbench.report.files.SystemUnderTest;
import io.txbench.report.files.WarmUp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "embedded" and "server": in summary.json, the console, compare, merge and the report. */
class WhereARunRanTest {
  private static final String EMBEDDED = "embedded PostgreSQL on localhost:39211";
  @TempDir Path dir;

  private Path run(String name, long start, boolean embedded) throws IOException {
    return FakeRuns.write(
        dir.resolve(name),
        "postgres",
        start,
        3,
        100,
        1,
        embedded,
        embedded ? EMBEDDED : "127.0.0.1:5432");
  }

  @Test
  void summaryJsonSaysWhereTheRunRanAndWhetherTxbenchStartedThatServer() throws IOException {
    ResultDirectory run = ResultDirectory.load(run("mine", 1_000_000, true));
    assertTrue(requireNonNull(run.summary().identity().embedded()));
    assertEquals(EMBEDDED, run.summary().identity().server());
    ResultDirectory real = ResultDirectory.load(run("real", 1_000_000, false));
    assertFalse(requireNonNull(real.summary().identity().embedded()));
    assertEquals("127.0.0.1:5432", real.summary().identity().server());
  }

  @Test
  void theConsoleSummarySaysWhereInOneLine() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    RunSummary summary =
        new RunSummary(
            "1.0",
            new SystemUnderTest(
                "postgres",
                "PostgreSQL 17",
                "PostgreSQL JDBC Driver 42.7.14",
                true,
                EMBEDDED,
                null,
                "insert",
                false,
                false),
            4,
            WarmUp.fixed(java.time.Duration.ZERO),
            Map.of(),
            Map.of(),
            FakeRuns.result(1_000_000, 3, new Histogram(3)),
            Verification.notRun("--no-verify"),
            List.of(),
            dir.toString(),
            List.of(),
            null);
    ConsoleSummary.print(
        new PrintStream(bytes, true, StandardCharsets.UTF_8), summary, UnaryOperator.identity());
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("\n  server        " + EMBEDDED + " (started by txbench)\n"), out);
  }

  @Test
  void aMergeIsEmbeddedWhenAnyOfItsRunsWas() throws IOException {
    Path out = dir.resolve("merged");
    RunMerger.merge(
        List.of(
            ResultDirectory.load(run("a", 1_000_000, false)),
            ResultDirectory.load(run("b", 1_000_000, true))),
        out,
        null);
    ResultDirectory merged = ResultDirectory.load(out);
    assertTrue(requireNonNull(merged.summary().identity().embedded()));
    assertEquals("127.0.0.1:5432; " + EMBEDDED, merged.summary().identity().server());
  }

  @Test
  void theReportShowsWhereEachRanAndMarksEmbeddedOnes() throws IOException {
    Path html = dir.resolve("report.html");
    Files.writeString(
        html,
        HtmlReport.page(
            List.of(
                ResultDirectory.load(run("real", 1_000_000, false)),
                ResultDirectory.load(run("mine", 2_000_000, true)))));
    String page = Files.readString(html);
    assertTrue(page.contains("<th>embedded</th><th>where</th>"), page);
    assertTrue(page.contains("<td>yes</td><td>" + EMBEDDED + "</td>"), page);
    assertTrue(page.contains("<td>no</td><td>127.0.0.1:5432</td>"), page);
    assertTrue(page.contains("the baseline, real, where it is of the same workload"), page);
  }

  @Test
  void summariesWrittenBeforeTheFieldsStillCompareMergeAndReport() throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<ResultDirectory> runs = new java.util.ArrayList<>();
    for (String name : List.of("old-a", "old-b")) {
      Path run = run(name, 1_000_000, false);
      ObjectNode summary = (ObjectNode) json.readTree(run.resolve(SummaryJson.FILE).toFile());
      summary.remove(List.of("embedded", "server", "client"));
      json.writeValue(run.resolve(SummaryJson.FILE).toFile(), summary);
      runs.add(ResultDirectory.load(run));
    }
    String text = CompareTable.render(runs, CompareTable.Format.TEXT);
    assertFalse(text.contains("*"), text);
    assertTrue(
        CompareTable.render(runs, CompareTable.Format.CSV)
            .lines()
            .skip(1)
            .allMatch(l -> l.endsWith(",,,,"))); // embedded, where, client_cpu_cores, bottleneck
    RunMerger.merge(runs, dir.resolve("merged"), null);
    assertNull(ResultDirectory.load(dir.resolve("merged")).summary().identity().embedded());
    Files.writeString(dir.resolve("report.html"), HtmlReport.page(runs));
  }
}
