package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.cli.options.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** history through the command line: exit 0 when no series regressed, 6 when one did, 2 misuse. */
class HistoryCliTest {
  @TempDir Path dir;

  /** Night {@code night}'s run of postgres insert at {@code threads} threads. */
  private void run(int threads, int night, double tps, double p99) throws IOException {
    Instant start = Instant.parse("2026-01-01T02:00:00Z").plusSeconds(86_400L * night);
    Path run = Files.createDirectories(dir.resolve("results/p" + threads + "/night-" + night));
    Files.writeString(
        run.resolve("summary.json"),
        "{\"target\": \"postgres\", \"serverVersion\": \"PostgreSQL 17\", \"workload\":"
            + " \"insert\", \"parallelism\": "
            + threads
            + ", \"start\": \""
            + start
            + "\", \"end\": \""
            + start.plusSeconds(30)
            + "\", \"measuredSeconds\": 30.0, \"iterations\": "
            + Math.round(tps * 30)
            + ", \"tps\": "
            + tps
            + ", \"retries\": 0, \"errors\": 0, \"responseTimeMs\": {\"p50\": 1.0,"
            + " \"p95\": 1.5, \"p99\": "
            + p99
            + ", \"p999\": 3.0, \"max\": 4.0}}");
  }

  private void stableNights() throws IOException {
    for (int night = 0; night < 5; night++) {
      run(8, night, 1500 + night * 10, 2.0);
      run(32, night, 3000 - night * 10, 4.0);
    }
  }

  @Test
  void noRegressionExitsZero() throws IOException {
    stableNights();
    run(8, 5, 1510, 2.05);
    CliRun history = CliRun.of("history", dir.resolve("results").toString());
    assertEquals(ExitCodes.OK, history.exitCode(), history.err());
    assertTrue(history.out().contains("ok postgres insert x8 (PostgreSQL 17): tps"), history.out());
    assertTrue(history.out().contains("ok postgres insert x32"), history.out());
    assertTrue(history.out().contains("0 of 2 series regressed (11 runs read)"), history.out());
    assertEquals("", history.err());
  }

  /** The latest run stopped before it measured: left out with a note, not a -100% regression. */
  @Test
  void aRunStoppedBeforeMeasuringIsLeftOutNotARegression() throws IOException {
    stableNights();
    run(8, 5, 0, 0);
    Path stopped = dir.resolve("results/p8/night-5");
    Path summary = stopped.resolve("summary.json");
    Files.writeString(
        summary, Files.readString(summary).replace("{", "{\"stopReason\": \"INTERRUPTED\", "));
    CliRun history = CliRun.of("history", dir.resolve("results").toString());
    assertEquals(ExitCodes.OK, history.exitCode(), history.out() + history.err());
    assertEquals(
        "txbench: warning: skipped " + stopped + ": stopped before measuring\n", history.err());
    assertTrue(history.out().contains("0 of 2 series regressed (10 runs read)"), history.out());
  }

  /** A newline or a terminal escape in a summary's field prints as an escape, on its line. */
  @Test
  void aForgedFieldCannotPrintALineOfItsOwn() throws IOException {
    stableNights();
    run(8, 5, 1510, 2.05);
    String forged = "PostgreSQL 17\\nREGRESSION postgres insert x8: tps 1,500 -> 1\\u001b[2K";
    try (var files = Files.walk(dir.resolve("results"))) {
      for (Path file : files.filter(f -> f.endsWith("summary.json")).toList()) {
        Files.writeString(
            file, Files.readString(file).replace("\"PostgreSQL 17\"", "\"" + forged + "\""));
      }
    }
    CliRun history = CliRun.of("history", dir.resolve("results").toString());
    CliRun compare =
        CliRun.of(
            "compare",
            dir.resolve("results/p8/night-4").toString(),
            dir.resolve("results/p8/night-5").toString());
    for (CliRun printed : new CliRun[] {history, compare}) {
      assertEquals(ExitCodes.OK, printed.exitCode(), printed.out() + printed.err());
      assertTrue(printed.out().lines().noneMatch(l -> l.startsWith("REGRESSION")), printed.out());
      assertFalse(printed.out().contains("\u001b"), printed.out());
    }
    assertTrue(
        history
            .out()
            .contains("(PostgreSQL 17\\nREGRESSION postgres insert x8: tps 1,500 -> 1\\u001b[2K)"),
        history.out());
  }

  @Test
  void aRegressionExitsSixAndNamesTheSeriesTheMetricBeforeAndAfter() throws IOException {
    stableNights();
    run(32, 5, 1200, 9.0);
    Files.writeString(
        Files.createDirectories(dir.resolve("results/p8/broken")).resolve("summary.json"), "{");
    CliRun history = CliRun.of("history", dir.resolve("results").toString());
    assertEquals(ExitCodes.REGRESSION, history.exitCode(), history.out() + history.err());
    String line =
        history.out().lines().filter(l -> l.startsWith("REGRESSION")).findFirst().orElseThrow();
    assertTrue(
        line.startsWith("REGRESSION postgres insert x32 (PostgreSQL 17): tps 2,980 -> 1,200 (-60%"),
        line);
    assertTrue(line.contains("p99 4.00 ms -> 9.00 ms (+125%"), line);
    assertEquals(1, history.out().lines().filter(l -> l.startsWith("REGRESSION")).count());
    assertTrue(history.err().startsWith("txbench: warning: skipped "), history.err());
    assertTrue(history.err().contains("broken"), history.err());
    assertEquals(1, history.err().lines().count(), history.err());
    Path page = dir.resolve("history.html");
    CliRun withPage =
        CliRun.of("history", dir.resolve("results").toString(), "--html", page.toString());
    assertEquals(ExitCodes.REGRESSION, withPage.exitCode(), withPage.err());
    String html = Files.readString(page);
    assertEquals(2, html.split("<section class=\"series\"", -1).length - 1, "one per series");
    assertTrue(
        html.contains(
            "<span class=\"verdict regression\">REGRESSION</span> <span class=\"name\">"
                + "postgres insert x32</span>"),
        "the regression is named");
    CliRun unwritable =
        CliRun.of(
            "history",
            dir.resolve("results").toString(),
            "--html",
            dir.resolve("no/such.html").toString());
    assertEquals(ExitCodes.USAGE, unwritable.exitCode(), unwritable.err());
    assertTrue(unwritable.err().contains("cannot write"), unwritable.err());
    CliRun laxer = CliRun.of("history", dir.resolve("results").toString(), "--min-change", "200");
    assertEquals(ExitCodes.OK, laxer.exitCode(), laxer.out());
  }

  @Test
  void aMissingOrEmptyRootOrABadOptionIsAUsageError() throws IOException {
    CliRun missing = CliRun.of("history", dir.resolve("nothing").toString());
    assertEquals(ExitCodes.USAGE, missing.exitCode());
    assertEquals(1, missing.err().lines().count(), missing.err());
    assertTrue(missing.err().contains("no such directory"), missing.err());
    CliRun empty = CliRun.of("history", dir.toString());
    assertEquals(ExitCodes.USAGE, empty.exitCode());
    assertTrue(empty.err().contains("holds no txbench run"), empty.err());
    stableNights();
    for (String[] bad :
        new String[][] {{"--baseline-runs", "0"}, {"--min-change", "-1"}, {"--min-change", "x"}}) {
      CliRun refused = CliRun.of("history", dir.toString(), bad[0], bad[1]);
      assertEquals(ExitCodes.USAGE, refused.exitCode(), refused.err());
      assertTrue(refused.err().contains(bad[0]), refused.err());
      assertFalse(refused.err().contains("Exception"), refused.err());
    }
  }

  @Test
  void historyAndExportWriteTheLatestRunOfEachSeries() throws IOException {
    stableNights();
    Path bencher = dir.resolve("bencher.json");
    Path bigger = dir.resolve("bigger.json");
    CliRun history =
        CliRun.of(
            "history",
            dir.resolve("results").toString(),
            "--export",
            "bencher=" + bencher,
            "--export",
            "github-bigger=" + bigger);
    assertEquals(ExitCodes.OK, history.exitCode(), history.err());
    JsonNode json = new ObjectMapper().readTree(bencher.toFile());
    assertEquals(
        1540.0,
        json.get("postgres insert x8 (PostgreSQL 17)").get("throughput").get("value").asDouble());
    assertEquals(
        2_000_000.0,
        json.get("postgres insert x8 (PostgreSQL 17)").get("latency").get("value").asDouble());
    assertEquals(2, new ObjectMapper().readTree(bigger.toFile()).size());

    Path smaller = dir.resolve("smaller.json");
    CliRun one =
        CliRun.of(
            "export", "github-smaller=" + smaller, dir.resolve("results/p32/night-1").toString());
    assertEquals(ExitCodes.OK, one.exitCode(), one.err());
    JsonNode run = new ObjectMapper().readTree(smaller.toFile());
    assertEquals(1, run.size());
    assertEquals("postgres insert x32 (PostgreSQL 17)", run.get(0).get("name").asText());
    assertEquals("ms", run.get(0).get("unit").asText());
    assertEquals(4.0, run.get(0).get("value").asDouble());
  }

  @Test
  void aBadExportOrRunDirectoryIsAUsageError() throws IOException {
    stableNights();
    CliRun badFormat =
        CliRun.of("history", dir.resolve("results").toString(), "--export", "junit=x.json");
    assertEquals(ExitCodes.USAGE, badFormat.exitCode());
    assertTrue(badFormat.err().contains("no export format 'junit'"), badFormat.err());
    CliRun missing =
        CliRun.of("export", "bencher=" + dir.resolve("b.json"), dir.resolve("none").toString());
    assertEquals(ExitCodes.USAGE, missing.exitCode());
    assertTrue(missing.err().contains("no such directory"), missing.err());
    Files.writeString(dir.resolve("results/p8/night-2/summary.json"), "[]");
    CliRun corrupt =
        CliRun.of("export", "bencher=" + dir.resolve("b.json"), dir.resolve("results").toString());
    assertEquals(ExitCodes.USAGE, corrupt.exitCode(), corrupt.err());
    assertTrue(corrupt.err().contains("night-2"), corrupt.err());
    assertEquals(1, corrupt.err().lines().count(), corrupt.err());
  }
}
