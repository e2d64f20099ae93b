package io.txbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.ResultDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare's text table: fits its width, names its baseline, marks embedded runs. */
class CompareTextTest {
  @TempDir Path dir;

  private ResultDirectory run(
      String name, String target, long start, int perSecond, boolean embedded) throws IOException {
    return ResultDirectory.load(
        FakeRuns.write(
            dir.resolve(name),
            target,
            start,
            3,
            perSecond,
            1,
            embedded,
            embedded ? "embedded PostgreSQL on localhost:39211" : "127.0.0.1:5432"));
  }

  @Test
  void theTextTableFitsIn120ColumnsAndTheOtherFormatsKeepEveryColumn() throws IOException {
    List<ResultDirectory> runs =
        List.of(
            run("postgres-point-select-p8", "postgres", 1_000_000, 100, false),
            run("20260101T120000Z-mysql-point-select-sweep-p8", "mysql", 2_000_000, 90_000, false),
            run("20260101T120000Z-mongo-point-select-sweep-p64", "mongo", 3_000_000, 7, true));
    String text = CompareTable.render(runs, CompareTable.Format.TEXT);
    for (String line : text.lines().toList()) {
      assertTrue(line.length() <= 120, line.length() + " columns: " + line);
    }
    // The targets tell the runs apart; each one's server is said once, above.
    assertTrue(text.lines().anyMatch(l -> l.startsWith("3 mongo* ")), text);
    assertTrue(
        text.contains("servers: postgres postgres 1.0, mysql mysql 1.0, mongo mongo 1.0"), text);
    String csv = CompareTable.render(runs, CompareTable.Format.CSV);
    assertEquals(String.join(",", CompareTable.HEADER), csv.lines().findFirst().orElseThrow());
    assertTrue(csv.contains(runs.get(0).label()), csv);
    assertTrue(
        CompareTable.render(runs, CompareTable.Format.MARKDOWN)
            .contains("| p95_ms | p99_ms | p99_ratio | ratio_to | p999_ms |"));
  }

  /** A run of {@code target} whose summary says what {@code fields} say, whatever they say. */
  private ResultDirectory forged(
      String name,
      String target,
      String workload,
      String server,
      boolean embedded,
      Map<String, Object> fields)
      throws IOException {
    Path run =
        FakeRuns.write(
            dir.resolve(name),
            target,
            1_000_000 + dir.toFile().list().length * 10_000L,
            3,
            100,
            1,
            embedded,
            "127.0.0.1:5432");
    Map<String, Object> all = new java.util.HashMap<>(fields);
    all.put("workload", workload);
    all.put("serverVersion", server);
    return MixedRuns.forged(run, all);
  }

  @Test
  void aMarkdownTableOfADataVolumeSweepHasASeparatorCellForEachColumn() throws IOException {
    List<ResultDirectory> runs =
        List.of(
            forged(
                "small",
                "postgres",
                "point-select",
                "PostgreSQL 17.2",
                false,
                Map.of("options", Map.of("table-size", 1_000))),
            forged(
                "large",
                "postgres",
                "point-select",
                "PostgreSQL 17.2",
                false,
                Map.of("options", Map.of("table-size", 100_000))));
    List<String> lines = CompareTable.render(runs, CompareTable.Format.MARKDOWN).lines().toList();
    assertTrue(lines.get(0).contains("| table_size |"), lines.get(0));
    assertEquals(
        lines.get(0).chars().filter(c -> c == '|').count(),
        lines.get(1).chars().filter(c -> c == '|').count(),
        "a separator row shorter than the header is no table on GitHub:\n" + lines);
    assertTrue(lines.get(1).startsWith("|---|---|---|---|---|---:|---:|---:|"), lines.get(1));
  }

  @Test
  void targetsAndWorkloadsMixedFitIn120ColumnsWithServersNamedByMajorVersionInTheLabels()
      throws IOException {
    List<ResultDirectory> runs =
        List.of(
            forged(
                "postgres-point-select-p8",
                "postgres",
                "point-select",
                "PostgreSQL 15.10 (Debian 15.10-0+deb12u1)",
                false,
                Map.of("tps", 18234.5)),
            forged(
                "postgres-airline-p64",
                "postgres",
                "airline",
                "PostgreSQL 17.2",
                true,
                Map.of("tps", 4100.25, "status", "not run")),
            forged(
                "mongo-airline-p64",
                "mongo",
                "airline",
                "mongo-java-server emulator (reports MongoDB 5.0.0)",
                true,
                Map.of("tps", 812.5, "status", "not run")),
            forged(
                "mysql-point-select-p16",
                "mysql",
                "point-select",
                "MariaDB 10.11.6",
                false,
                Map.of("tps", 9001.0)));
    String text = CompareTable.render(runs, CompareTable.Format.TEXT);
    for (String line : text.lines().toList()) {
      assertTrue(line.length() <= 120, line.length() + " columns: " + line + "\n" + text);
    }
    for (String server :
        List.of("PostgreSQL 15 ", "PostgreSQL 17 ", "MongoDB emulator ", "MariaDB 10.11 ")) {
      assertTrue(text.contains(server), server + " in\n" + text);
    }
    assertTrue(text.contains(" 18,234.50 "), text);
    assertTrue(text.contains(" 0.49 "), text); // MariaDB's point-select to PostgreSQL's
    assertTrue(text.contains(" 0.20 "), text); // the emulator's airline to PostgreSQL's
    assertFalse(text.contains("0.22"), text); // an airline's to a point-select's
    assertFalse(text.contains("..."), text);
  }

  @Test
  void extremeFiguresInFullAndLongNamesWholeStillFitIn120Columns() throws IOException {
    String longName = "x".repeat(200);
    Map<String, Object> extreme =
        Map.of(
            "parallelism",
            4096,
            "tps",
            2_500_000.25,
            "p50",
            3_599_999.0,
            "p99",
            3_599_999.0,
            "max",
            3_599_999.0,
            "retries",
            Long.MAX_VALUE,
            "errors",
            Long.MAX_VALUE,
            "inDoubt",
            Long.MAX_VALUE,
            "status",
            "a status nobody wrote " + longName);
    List<ResultDirectory> runs =
        List.of(
            forged(
                longName + "-p1",
                "postgres",
                longName,
                longName + " 1",
                false,
                // As many threads as the others: a ratio is between runs that differ in one thing.
                Map.of("parallelism", 4096, "tps", 0.01, "p99", 0.011)),
            forged(
                longName + "-p4096", "mysql", longName, "MySQL 8.0.36 " + longName, true, extreme),
            forged(
                "w" + longName + "-p4096",
                "mysql",
                "w" + longName,
                "MySQL 8.0.36 " + longName,
                true,
                extreme));
    for (ResultDirectory baseline : runs) {
      String text =
          CompareTable.render(
              runs,
              baseline,
              new CompareTable.Output(CompareTable.Format.TEXT, 120),
              AnswerCheck.of(runs, baseline));
      for (String line : text.lines().toList()) {
        assertTrue(line.length() <= 120, line.length() + " columns: " + line + "\n" + text);
      }
      assertTrue(text.contains(" 2,500,000.25 "), text);
      if (baseline.equals(runs.get(0))) {
        assertTrue(text.contains(" 250,000,025.00 "), text); // in full, never 250M
      }
      // The labels, too long for the table, are in a key above it, whole over several lines.
      assertTrue(
          text.replace("\n  ", "").replace(" ", "").contains("3mysqlw" + longName + "*"), text);
    }
    List<ResultDirectory> alike =
        List.of(
            forged("a", "postgres", longName, "PostgreSQL 17.2 " + longName, false, extreme),
            forged("b", "postgres", longName, "PostgreSQL 17.2 " + longName, false, extreme));
    for (String line : CompareTable.render(alike, CompareTable.Format.TEXT).lines().toList()) {
      assertTrue(line.length() <= 120, line.length() + " columns: " + line);
    }
  }

  @Test
  void serversThatDifferPastTheirMajorVersionKeepTheirWholeVersion() {
    assertEquals(
        List.of("PostgreSQL 17.2", "PostgreSQL 17.11"),
        ServerNames.shortened(List.of("PostgreSQL 17.2", "PostgreSQL 17.11")));
    assertEquals(
        List.of("PostgreSQL 9.6", "MySQL 8.0", "MongoDB 7.0", "MongoDB emulator"),
        ServerNames.shortened(
            List.of(
                "PostgreSQL 9.6.24",
                "MySQL 8.0.36",
                "MongoDB 7.0.5",
                "mongo-java-server emulator (reports MongoDB 5.0.0)")));
  }

  /**
   * A server's release line is told by its version's shape, whatever the product: two numbers from
   * 10 on are a major and a minor (PostgreSQL since 10), three a release line of two and a patch.
   */
  @Test
  void aMajorVersionIsToldByTheVersionsShapeNotTheProduct() {
    assertEquals("Acme 12", ServerNames.named("Acme 12.3", false));
    assertEquals("Acme 12.3", ServerNames.named("Acme 12.3.4", false));
    assertEquals("Acme 1.0", ServerNames.named("Acme 1.0", false));
    assertEquals(
        "PostgreSQL 15", ServerNames.named("PostgreSQL 15.10 (Debian 15.10-0+deb12u1)", false));
    assertEquals("PostgreSQL 18", ServerNames.named("PostgreSQL 18.0", false));
    assertEquals("MariaDB 10.11", ServerNames.named("MariaDB 10.11.6", false));
    assertEquals("MariaDB 10.11.6", ServerNames.named("MariaDB 10.11.6", true));
  }

  @Test
  void whatEveryRunSharesIsSaidOnceAboveTheTable() throws IOException {
    List<ResultDirectory> runs =
        List.of(
            run("p8", "postgres", 1_000_000, 100, false),
            run("p16", "postgres", 2_000_000, 200, false));
    List<String> lines = CompareTable.render(runs, CompareTable.Format.TEXT).lines().toList();
    assertEquals("target postgres, server postgres 1.0, workload insert, threads 4", lines.get(0));
    assertFalse(lines.get(1).contains("target"), lines.get(1));
  }

  @Test
  void theOutputNamesTheBaselineAndTheRatiosAreToIt() throws IOException {
    ResultDirectory p8 = run("p8", "postgres", 1_000_000, 100, false);
    ResultDirectory p16 = run("p16", "postgres", 2_000_000, 200, false);
    String text =
        CompareTable.render(
            List.of(p8, p16),
            p16,
            new CompareTable.Output(CompareTable.Format.TEXT, 120),
            AnswerCheck.of(List.of(p8, p16), p16));
    assertTrue(text.contains("tps_x and p99_x are to the baseline, run 2 (p16)\n"), text);
    String p8Row = text.lines().filter(l -> l.startsWith("1 ")).findFirst().orElseThrow();
    assertTrue(p8Row.contains(" 0.50 "), text); // half the baseline's throughput
    String markdown =
        CompareTable.render(
            List.of(p8, p16),
            p16,
            new CompareTable.Output(CompareTable.Format.MARKDOWN, 120),
            AnswerCheck.of(List.of(p8, p16), p16));
    assertTrue(
        markdown.contains("Ratios (tps_ratio, p99_ratio) are to the baseline, run 2 (`p16`)\n"),
        markdown);
  }

  @Test
  void aRunOnAnEmbeddedServerIsMarkedWithAFootnote() throws IOException {
    String text =
        CompareTable.render(
            List.of(
                run("real", "postgres", 1_000_000, 100, false),
                run("mine", "postgres", 2_000_000, 100, true)),
            CompareTable.Format.TEXT);
    // Nothing but the server tells them apart: their index, and the mark.
    assertTrue(text.lines().anyMatch(l -> l.startsWith("2* ") && l.endsWith(" mine")), text);
    assertTrue(text.lines().anyMatch(l -> l.startsWith("1 ") && l.endsWith(" real")), text);
    assertTrue(text.contains("* embedded: the run's server was one txbench started itself"), text);
  }

  @Test
  void aRunTxbenchMayHaveLimitedIsWarnedOfBelowTheTableWrappedToFit() throws IOException {
    String warning =
        "the client used 1.71 of 2 cores (86%): txbench itself may be limiting this result; run it"
            + " on another machine or with fewer threads";
    ResultDirectory limited =
        forged(
            "postgres-point-select-p64",
            "postgres",
            "point-select",
            "PostgreSQL 17.2",
            false,
            Map.of("client", Map.of("cores", 2, "cpuCores", 1.71, "bottleneck", warning)));
    ResultDirectory fine = run("postgres-point-select-p8", "postgres", 1_000_000, 100, false);
    String text = CompareTable.render(List.of(fine, limited), CompareTable.Format.TEXT);
    List<String> lines = text.lines().toList();
    int first =
        lines.indexOf(
            lines.stream().filter(l -> l.startsWith("warning: ")).findFirst().orElseThrow());
    assertEquals(lines.size() - 2, first, text); // one warning, on two lines, at the end
    assertTrue(lines.get(first + 1).startsWith("  "), text);
    for (String line : lines) {
      assertTrue(line.length() <= 120, line.length() + " columns: " + line);
    }
    assertEquals(
        "warning: 2 PostgreSQL 17 point-select: " + warning,
        lines.get(first) + " " + lines.get(first + 1).strip());
    String csv = CompareTable.render(List.of(fine, limited), CompareTable.Format.CSV);
    List<String> rows = csv.lines().toList();
    assertTrue(rows.get(0).endsWith(",client_cpu_cores,bottleneck"), rows.get(0));
    // Half a core and no warning, then the run that has one.
    assertTrue(
        rows.stream()
            .anyMatch(
                r ->
                    r.startsWith("1 postgres 1.0 insert," + fine.label() + ",")
                        && r.endsWith(",0.50,")),
        csv);
    assertTrue(
        rows.stream()
            .anyMatch(
                r -> r.contains("," + limited.label() + ",") && r.endsWith(",1.71," + warning)),
        csv);
    assertTrue(
        CompareTable.render(List.of(fine, limited), CompareTable.Format.MARKDOWN)
            .contains(" | 1.71 | " + warning + " |"));
    assertFalse(
        CompareTable.render(List.of(fine), CompareTable.Format.TEXT).contains("warning"), text);
  }
}
