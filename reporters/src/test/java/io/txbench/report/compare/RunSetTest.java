package io.txbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.HistogramLog;
import io.txbench.report.files.IntervalsCsv;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which runs compare, merge and report read, in which order, and what they refuse. */
class RunSetTest {
  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "''|is corrupt: it is empty",
        "{\"target\": \"postgres\", \"tps\": 3|is corrupt: not valid JSON at line 1, column",
        "[1, 2]|is not a txbench summary",
        "{\"tps\": 3}|is not a txbench summary: no \"target\"",
      })
  void aCorruptSummaryIsRefusedInOneLineThatNamesTheFile(String content, String what)
      throws IOException {
    Path run = Files.createDirectories(dir.resolve("run"));
    Files.writeString(run.resolve(SummaryJson.FILE), content);
    IOException e = assertThrows(IOException.class, () -> RunSet.load(List.of(run), note -> {}));
    assertTrue(
        String.valueOf(e.getMessage()).startsWith(run.resolve(SummaryJson.FILE) + " "),
        e.getMessage());
    assertTrue(String.valueOf(e.getMessage()).contains(what), e.getMessage());
    assertEquals(1, String.valueOf(e.getMessage()).lines().count(), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "3|garbage|line 3: count is \"garbage\", not a whole number of 0 or more",
        "2|-1|line 2: count is \"-1\", not a whole number of 0 or more",
        "3|1.5|line 3: count is \"1.5\", not a whole number of 0 or more",
      })
  void aCorruptIntervalsFileIsRefusedByNameAndLine(int line, String count, String what)
      throws IOException {
    Path run = FakeRuns.write(dir.resolve("run"), "postgres", 1_000, 2, 10, 1);
    List<String> lines =
        new java.util.ArrayList<>(Files.readAllLines(run.resolve(IntervalsCsv.FILE)));
    String[] fields = lines.get(line - 1).split(",", -1);
    fields[1] = count;
    lines.set(line - 1, String.join(",", fields));
    Files.write(run.resolve(IntervalsCsv.FILE), lines);
    IOException e = assertThrows(IOException.class, () -> RunSet.load(List.of(run), note -> {}));
    assertEquals(run.resolve(IntervalsCsv.FILE) + " is corrupt: " + what, e.getMessage());
  }

  @Test
  void anIntervalsRowShortOfFieldsIsNamedByLine() throws IOException {
    Path run = FakeRuns.write(dir.resolve("run"), "postgres", 1_000, 2, 10, 1);
    Files.writeString(
        run.resolve(IntervalsCsv.FILE),
        "t,count\n1,many\n",
        java.nio.file.StandardOpenOption.APPEND);
    IOException e = assertThrows(IOException.class, () -> RunSet.load(List.of(run), note -> {}));
    assertTrue(
        String.valueOf(e.getMessage())
            .startsWith(
                run.resolve(IntervalsCsv.FILE)
                    + " is corrupt: line 4"
                    + " has 2 fields where its header has 20"),
        e.getMessage());
  }

  /** Each summary field compare, merge or report reads, of the wrong type or missing. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "tps|\"fast\"|\"tps\" is \"fast\", not a number of 0 or more",
        "tps|-3|\"tps\" is -3, not a number of 0 or more",
        "responseTimeMs|null|\"responseTimeMs\" is null, not an object of percentiles",
        "responseTimeMs||no \"responseTimeMs\" in it",
        "responseTimeMs|{\"p50\": 1}|no \"responseTimeMs.p95\" in it",
        "start||no \"start\" in it",
        "start|\"yesterday\"|\"start\" is \"yesterday\", not a time such as",
        "end|12|\"end\" is 12, not a time such as",
        "parallelism|2.5|\"parallelism\" is 2.5, not a whole number of 0 or more",
        "iterations||no \"iterations\" in it",
        "errors|\"none\"|\"errors\" is \"none\", not a whole number",
        "inDoubt|\"1\"|\"inDoubt\" is \"1\", not a whole number",
        "embedded|\"yes\"|\"embedded\" is \"yes\", not true or false",
        "serverVersion|17|\"serverVersion\" is 17, not text",
        "operations|{\"book\": {\"count\": 1}}|no \"operations.book.declined\" in it",
        "mergedFrom|[{\"directory\": \"a\", \"start\": 1}]|\"mergedFrom.0.start\" is 1, not a time",
        "options|{\"metrics\": \"often\"}|\"options.metrics\" is \"often\", not a duration",
        "thresholds|[{\"passed\": true}]|no \"thresholds.0.expression\" in it",
      })
  void aSummaryFieldOfTheWrongTypeOrMissingIsRefusedByName(String field, String value, String what)
      throws IOException {
    Path run = FakeRuns.write(dir.resolve("run"), "postgres", 1_000, 2, 10, 1);
    ObjectMapper json = new ObjectMapper();
    ObjectNode summary = (ObjectNode) json.readTree(run.resolve(SummaryJson.FILE).toFile());
    if (value == null) {
      summary.remove(field);
    } else {
      summary.set(field, json.readTree(value));
    }
    json.writeValue(run.resolve(SummaryJson.FILE).toFile(), summary);
    IOException e = assertThrows(IOException.class, () -> RunSet.load(List.of(run), note -> {}));
    assertTrue(
        String.valueOf(e.getMessage())
            .startsWith(run.resolve(SummaryJson.FILE) + " is corrupt: " + what),
        e.getMessage());
    assertEquals(1, String.valueOf(e.getMessage()).lines().count(), e.getMessage());
  }

  @Test
  void aHistogramLogCutToItsHeaderOrMissingIsRefusedWhereItIsNeeded() throws IOException {
    Path run = FakeRuns.write(dir.resolve("run"), "postgres", 1_000, 2, 10, 1);
    Path log = run.resolve(HistogramLog.FILE);
    List<String> header =
        Files.readAllLines(log).stream().filter(l -> !l.matches("^[0-9].*")).toList();
    Files.write(log, header);
    ResultDirectory cut =
        RunSet.load(List.of(run), note -> {}).get(0); // compare needs no histogram
    IOException e = assertThrows(IOException.class, cut::withHistograms);
    assertEquals(
        log + " is corrupt: it holds no histogram (cut short after its header?)", e.getMessage());
    Files.delete(log);
    IOException missing =
        assertThrows(
            IOException.class, () -> RunSet.load(List.of(run), note -> {}).get(0).withHistograms());
    assertTrue(
        String.valueOf(missing.getMessage()).startsWith(run + " has no " + HistogramLog.FILE),
        missing.getMessage());
  }

  @ParameterizedTest
  @CsvSource({"''", "' '"})
  void anEmptyBaselineIsToldToNameARun(String chosen) throws IOException {
    List<ResultDirectory> runs =
        RunSet.load(
            List.of(FakeRuns.write(dir.resolve("p8"), "postgres", 1_000_000, 2, 10, 1)),
            note -> {});
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RunSet.baseline(runs, chosen));
    assertEquals("--baseline must name a run: its directory, or its name (p8)", e.getMessage());
  }

  @Test
  void aSweepsDirectoryIsReadAsItsRunsInTheOrderTheyStarted() throws IOException {
    Path sweep = dir.resolve("sweep");
    // Names sort p16, p64, p8; the sweep ran p8, p16, p64.
    FakeRuns.write(sweep.resolve("postgres-insert-p64"), "postgres", 3_000_000, 2, 10, 1);
    FakeRuns.write(sweep.resolve("postgres-insert-p8"), "postgres", 1_000_000, 2, 10, 1);
    FakeRuns.write(sweep.resolve("postgres-insert-p16"), "postgres", 2_000_000, 2, 10, 1);
    Files.writeString(sweep.resolve("report.html"), "not a run");
    Files.createDirectories(sweep.resolve("notes"));
    List<String> expected =
        List.of("postgres-insert-p8", "postgres-insert-p16", "postgres-insert-p64");
    assertEquals(expected, labels(RunSet.load(List.of(sweep), note -> {})));
    // A shell glob gives them in name order: the start times still tell the sweep's order.
    assertEquals(
        expected,
        labels(
            RunSet.load(
                List.of(
                    sweep.resolve("postgres-insert-p16"),
                    sweep.resolve("postgres-insert-p64"),
                    sweep.resolve("postgres-insert-p8")),
                note -> {})));
  }

  @Test
  void aDirectoryWithNoRunInItIsRefusedByName() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty").resolve("nothing"));
    IOException e =
        assertThrows(IOException.class, () -> RunSet.load(List.of(empty.getParent()), note -> {}));
    assertTrue(
        String.valueOf(e.getMessage()).contains("not a txbench result directory"), e.getMessage());
    IOException missing =
        assertThrows(
            IOException.class, () -> RunSet.load(List.of(dir.resolve("nowhere")), note -> {}));
    assertTrue(
        String.valueOf(missing.getMessage()).endsWith("nowhere does not exist"),
        missing.getMessage());
  }

  @Test
  void theBaselineIsChosenByDirectoryOrByName() throws IOException {
    List<ResultDirectory> runs =
        RunSet.load(
            List.of(
                FakeRuns.write(dir.resolve("a").resolve("p8"), "postgres", 1_000_000, 2, 10, 1),
                FakeRuns.write(dir.resolve("a").resolve("p16"), "postgres", 2_000_000, 2, 10, 1),
                FakeRuns.write(dir.resolve("b").resolve("p8"), "postgres", 3_000_000, 2, 10, 1)),
            note -> {});
    assertEquals(runs.get(1), RunSet.baseline(runs, "p16"));
    assertEquals(runs.get(2), RunSet.baseline(runs, dir.resolve("b/p8").toString()));
    IllegalArgumentException twice =
        assertThrows(IllegalArgumentException.class, () -> RunSet.baseline(runs, "p8"));
    assertTrue(
        String.valueOf(twice.getMessage()).contains("names 2 runs: give its directory"),
        twice.getMessage());
    IllegalArgumentException none =
        assertThrows(IllegalArgumentException.class, () -> RunSet.baseline(runs, "p32"));
    assertTrue(
        String.valueOf(none.getMessage()).contains("none of the runs compared (p8, p16, p8)"),
        none.getMessage());
  }

  /**
   * A run stopped before its window opened is no measurement: compare, merge and report leave it
   * out with a note; alone, it is an error.
   */
  @Test
  void aRunStoppedBeforeMeasuringIsLeftOutWithANote() throws IOException {
    Path sweep = dir.resolve("sweep");
    FakeRuns.write(sweep.resolve("r1"), "postgres", 1_000_000, 2, 10, 1);
    FakeRuns.write(sweep.resolve("r2"), "postgres", 2_000_000, 2, 10, 1);
    Path r3 = FakeRuns.stoppedBeforeMeasuring(sweep.resolve("r3"), "postgres", 3_000_000);
    List<String> notes = new ArrayList<>();
    assertEquals(List.of("r1", "r2"), labels(RunSet.load(List.of(sweep), notes::add)));
    assertEquals(List.of("skipped " + r3 + ": stopped before measuring"), notes);
    IOException alone = assertThrows(IOException.class, () -> RunSet.load(List.of(r3), note -> {}));
    assertEquals(
        r3 + " holds no measured run (every one was stopped before measuring)", alone.getMessage());
  }

  /** A run named twice, through a link ("latest") or by the same directory, is read once. */
  @Test
  void aRunLinkedOrNamedTwiceIsReadOnce() throws IOException {
    Path root = dir.resolve("root");
    Path one = FakeRuns.write(root.resolve("mg-1"), "postgres", 1_000_000, 2, 10, 1);
    Path two = FakeRuns.write(root.resolve("mg-2"), "postgres", 1_000_500, 2, 10, 1);
    Path latest = Files.createSymbolicLink(root.resolve("latest"), two);
    Path oneLink = Files.createSymbolicLink(dir.resolve("mg-1-link"), one);
    List<String> notes = new ArrayList<>();
    assertEquals(List.of("mg-1", "mg-2"), labels(RunSet.load(List.of(root), notes::add)));
    assertEquals(
        List.of("skipped " + latest + ": the same run as " + two + " (counted once)"), notes);
    notes.clear();
    assertEquals(List.of("mg-1"), labels(RunSet.load(List.of(oneLink, one), notes::add)));
    assertEquals(
        List.of("skipped " + oneLink + ": the same run as " + one + " (counted once)"), notes);
  }

  private static List<String> labels(List<ResultDirectory> runs) {
    return runs.stream().map(ResultDirectory::label).toList();
  }
}
