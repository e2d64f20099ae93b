package io.txbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.Verification;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.ResultDirectory;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * compare over the runs of an afternoon (five workloads on two targets, {@link MixedRuns}), where
 * it once printed {@code po...p8} for a point-select and an oltp-read-write alike, tps as {@code
 * 2k}, and an analytics run's tps as 0.01 "of" an airline run's.
 */
class CompareMixedRunsTest {
  @TempDir Path dir;
  private List<ResultDirectory> runs;

  @BeforeEach
  void fifteenRuns() throws IOException {
    runs = MixedRuns.fifteen(dir.resolve("mix"));
  }

  private String text(int width) {
    return text(runs.get(0), width);
  }

  private String text(ResultDirectory baseline, int width) {
    return CompareTable.render(
        runs,
        baseline,
        new CompareTable.Output(CompareTable.Format.TEXT, width),
        AnswerCheck.of(runs, baseline));
  }

  /** Column {@code name} of the table's rows, a cell per run. */
  private static List<String> column(List<List<String>> rows, String name) {
    int at = rows.get(0).indexOf(name);
    return rows.stream().skip(1).map(r -> r.get(at)).toList();
  }

  /** An option every run has alike (the isolation level) is said once, not once per workload. */
  @Test
  void anOptionEveryRunSharesIsSaidOnce() {
    String text = text(120);
    assertEquals(1, text.split("sql-isolation-level", -1).length - 1, text);
  }

  @ParameterizedTest
  @ValueSource(ints = {80, 120, 200})
  void everyRunHasALabelOfItsOwnIndexAndWhatSetsItApartPrintedWhole(int width) {
    List<String> labels = column(CompareTable.table(runs, runs.get(0)).cells(), "label");
    assertEquals(15, labels.stream().distinct().count(), labels.toString());
    for (int i = 0; i < labels.size(); i++) {
      assertTrue(labels.get(i).startsWith((i + 1) + " "), labels.get(i));
    }
    // The two runs that once printed as "po...p8" both, and the one on a larger table.
    assertEquals("3 postgres point-select table-size=10000 x8", labels.get(2));
    assertEquals("5 postgres oltp-read-write x8", labels.get(4));
    assertEquals("11 mysql point-select table-size=1000000 x8", labels.get(10));
    String text = text(width);
    for (String label : labels) {
      String line =
          text.lines()
              .filter(l -> l.strip().startsWith(label + " ") || l.strip().equals(label))
              .findFirst()
              .orElseThrow(() -> new AssertionError(label + " whole in:\n" + text));
      assertTrue(line.length() <= width, line);
    }
    assertFalse(text.contains("..."), text);
    for (String line : text.lines().toList()) {
      assertTrue(line.length() <= width, line.length() + " columns: " + line + "\n" + text);
    }
  }

  @Test
  void figuresArePrintedInFullWithTheirThousandsGrouped() {
    String text = text(120);
    for (String tps :
        List.of(" 2,345.67 ", " 18,234.50 ", " 45,010.10 ", " 23.45 ", " 9,120.40 ")) {
      assertTrue(text.contains(tps), tps + " in\n" + text);
    }
    assertTrue(text.contains(" 655.250 "), text);
    assertFalse(Pattern.compile("\\d[kMGT]\\b").matcher(text).find(), text);
  }

  @Test
  void ratiosAreOnlyToARunOfTheSameWorkloadAndDataTheBaselineFirst() {
    List<List<String>> rows = CompareTable.table(runs, runs.get(0)).cells();
    List<String> to = column(rows, "ratio_to");
    List<String> tps = column(rows, "tps_ratio");
    assertEquals(
        List.of("1", "1", "3", "3", "5", "5", "7", "8", "1", "3", "", "5", "6", "7", "8"), to);
    // Analytics to analytics, never to the airline baseline (0.01); a larger table to nothing.
    assertEquals(List.of("1.00", "1.33"), List.of(tps.get(7), tps.get(14)));
    assertEquals(List.of("", ""), List.of(tps.get(10), column(rows, "p99_ratio").get(10)));
    assertEquals("0.85", tps.get(8)); // MariaDB's airline to the baseline, PostgreSQL's
    for (int i = 0; i < runs.size(); i++) {
      if (!to.get(i).isEmpty()) {
        int ref = Integer.parseInt(to.get(i)) - 1;
        assertEquals(
            WorkloadData.of(runs.get(ref).summary()), WorkloadData.of(runs.get(i).summary()));
      }
    }
    // A baseline of another workload leaves the others to the first run of theirs.
    List<String> toMariaDb = column(CompareTable.table(runs, runs.get(9)).cells(), "ratio_to");
    assertEquals(
        List.of("1", "1", "10", "3", "5", "5", "7", "8", "1", "10", "", "5", "6", "7", "8"),
        toMariaDb);
    String text = text(runs.get(9), 200).replace("\n  ", " ");
    assertTrue(
        text.contains(
            "tps_x and p99_x are to the run in vs, one of the same workload, data and rate that"
                + " differs in one thing at most (server, threads or isolation): the baseline, run 10"
                + " (mysql-point-select-p8), where it is one, else the first; blank where no other"
                + " run is\n"),
        text);
  }

  /**
   * A ratio says what one thing did: never between runs that differ in their server and their
   * threads at once (MariaDB's oltp x64 is to PostgreSQL's x64, not its x8), nor between a paced
   * run and unpaced ones (497 tps at --rate 500 is no 0.07 of anything).
   */
  @Test
  void ratiosAreBetweenRunsThatDifferInOneThingAndNeverToAPacedRun() throws IOException {
    List<List<String>> rows = CompareTable.table(runs, runs.get(0)).cells();
    assertEquals("6", column(rows, "ratio_to").get(12));
    List<ResultDirectory> paced = new java.util.ArrayList<>(runs);
    ResultDirectory first = runs.get(0);
    com.fasterxml.jackson.databind.node.ObjectNode options =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .createObjectNode()
            .put("rate", 500)
            .put("sql-isolation-level", "REPEATABLE_READ");
    java.nio.file.Path copy = dir.resolve("paced");
    java.nio.file.Files.createDirectories(copy);
    try (java.util.stream.Stream<java.nio.file.Path> files =
        java.nio.file.Files.list(first.path())) {
      for (java.nio.file.Path f : files.toList()) {
        java.nio.file.Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    paced.add(MixedRuns.forged(copy, java.util.Map.of("options", options, "tps", 497.0)));
    List<List<String>> withPaced = CompareTable.table(paced, paced.get(0)).cells();
    assertEquals("", column(withPaced, "tps_ratio").get(15), withPaced.toString());
    assertEquals("1.00", column(withPaced, "tps_ratio").get(0));
  }

  /** Thirteen runs with the same warning print it once, with their numbers, not thirteen times. */
  @Test
  void aWarningOfManyRunsIsPrintedOnceWithTheirNumbers() throws IOException {
    String saturated = "the machine's cores were 100% busy over the window: results understate it";
    List<ResultDirectory> warned = new java.util.ArrayList<>();
    for (ResultDirectory run : runs) {
      warned.add(
          MixedRuns.forged(
              run.path(),
              java.util.Map.of(
                  "client",
                  java.util.Map.of(
                      "bottleneck",
                      run.summary().identity().parallelism() == 64 ? "other" : saturated))));
    }
    String text =
        CompareTable.render(
            warned,
            warned.get(0),
            new CompareTable.Output(CompareTable.Format.TEXT, 200),
            AnswerCheck.of(warned, warned.get(0)));
    assertEquals(1, text.split(java.util.regex.Pattern.quote(saturated), -1).length - 1, text);
    assertTrue(text.contains("warning, runs 1, 3, 5, 7-12, 14-15: " + saturated), text);
    assertTrue(text.contains("warning, runs 2, 4, 6, 13: other"), text);
  }

  @Test
  void markdownAndCsvCarryTheSameLabelsFiguresAndRatios() throws IOException {
    List<List<String>> rows = CompareTable.table(runs, runs.get(0)).cells();
    List<CSVRecord> csv =
        CSVFormat.DEFAULT
            .parse(new StringReader(CompareTable.render(runs, CompareTable.Format.CSV)))
            .getRecords();
    assertEquals(rows, csv.stream().map(CSVRecord::toList).toList());
    String markdown = CompareTable.render(runs, CompareTable.Format.MARKDOWN);
    for (List<String> row : rows) {
      assertTrue(markdown.contains("| " + String.join(" | ", row) + " |\n"), row + "\n" + markdown);
    }
    assertTrue(
        markdown.contains(
            "Ratios (tps_ratio, p99_ratio) are to the run in ratio_to, one of the same workload,"
                + " data and rate that differs in one thing at most (server, threads or isolation):"
                + " the baseline, run 1 (`postgres-airline-p8`), where it is one, else the first;"
                + " blank where no other run is\n"),
        markdown);
  }

  @Test
  void aTableTooWideLeavesOutItsLeastTellingColumnsAndSaysSo() {
    String narrow = text(80);
    assertTrue(narrow.contains("left out to fit 80 columns: max_ms, retries, directory"), narrow);
    assertTrue(narrow.contains(" 45,010.10 "), narrow);
    String wide = text(200);
    assertFalse(wide.contains("left out"), wide);
    for (ResultDirectory run : runs) {
      assertTrue(wide.contains("  " + run.label() + "\n"), run.label() + " in\n" + wide);
    }
  }

  @Test
  void theWidthComesFromTheTerminalWithinItsBounds() {
    assertEquals(120, CompareTable.Output.terminalWidth(null));
    assertEquals(120, CompareTable.Output.terminalWidth("wide"));
    assertEquals(80, CompareTable.Output.terminalWidth(" 80 "));
    assertEquals(40, CompareTable.Output.terminalWidth("12"));
    assertEquals(1000, CompareTable.Output.terminalWidth("100000"));
    assertThrows(
        IllegalArgumentException.class,
        () -> new CompareTable.Output(CompareTable.Format.TEXT, 39));
  }

  @Test
  void markdownEscapesPipesAndCsvQuotesCommas() throws IOException {
    List<ResultDirectory> two = new ArrayList<>();
    for (String query : List.of("join", "cube")) {
      two.add(
          MixedRuns.forged(
              FakeRuns.write(
                  dir.resolve("a|b-" + query),
                  "postgres",
                  1_000_000 + two.size() * 60_000L,
                  3,
                  100,
                  1,
                  false,
                  "127.0.0.1:5432",
                  Map.of("query", List.of(query, "pivot")),
                  Verification.of(Map.of(), List.of())),
              Map.of("workload", "analytics")));
    }
    List<String> markdown = CompareTable.render(two, CompareTable.Format.MARKDOWN).lines().toList();
    for (String line : markdown.subList(0, 4)) {
      assertEquals(
          markdown.get(0).split("\\|", -1).length,
          line.replace("\\|", "").split("\\|", -1).length,
          line);
    }
    assertTrue(markdown.get(2).startsWith("| 1 query=join,pivot | a\\|b-join |"), markdown.get(2));
    String csv = CompareTable.render(two, CompareTable.Format.CSV);
    assertTrue(csv.contains("\n\"1 query=join,pivot\",a|b-join,"), csv);
  }
}
