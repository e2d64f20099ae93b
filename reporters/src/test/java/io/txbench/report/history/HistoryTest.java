package io.txbench.report.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.txbench.report.files.SummaryJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * history's reading and judging: a stable series is not flagged, a planted slowdown is, and only in
 * its series; runs are grouped by what makes them comparable and nothing else.
 */
class HistoryTest {
  private static final RegressionRule DEFAULT = new RegressionRule(10, 0.10);

  @TempDir Path dir;
  private HistoryFixture root;
  private final List<String> warnings = new ArrayList<>();

  @BeforeEach
  void setUp() {
    root = new HistoryFixture(dir.resolve("results"));
  }

  private Map<String, SeriesVerdict> judged(RegressionRule rule) throws IOException {
    return HistoryRoot.read(List.of(root.root()), false, warnings::add).stream()
        .map(rule::judge)
        .collect(Collectors.toMap(v -> v.series().key().words(), Function.identity()));
  }

  private static SeriesVerdict only(Map<String, SeriesVerdict> verdicts) {
    assertEquals(1, verdicts.size(), () -> "series: " + verdicts.keySet());
    return verdicts.values().iterator().next();
  }

  @Test
  void aStableNoisySeriesIsNotFlagged() throws IOException {
    root.nights("a", 30, 1500, 12, 0.05, s -> {});
    SeriesVerdict v = only(judged(DEFAULT));
    assertEquals(SeriesVerdict.Verdict.OK, v.verdict(), HistoryText.line(v));
    assertEquals(30, v.series().runs().size());
    assertEquals(10, v.baselineRuns());
    assertTrue(warnings.isEmpty(), warnings::toString);
  }

  @Test
  void aPlantedDropIsFlaggedOnlyInItsSeries() throws IOException {
    root.nights("p8", 12, 1500, 12, 0.03, s -> {});
    root.nights("p32", 12, 3000, 20, 0.03, s -> s.put("parallelism", 32));
    root.run("p32", 12, 1800, 20, s -> s.put("parallelism", 32));
    root.run("p8", 12, 1490, 12.2);
    Map<String, SeriesVerdict> verdicts = judged(DEFAULT);
    assertEquals(2, verdicts.size(), verdicts::toString);
    for (SeriesVerdict v : verdicts.values()) {
      boolean p32 = v.series().key().parallelism() == 32;
      assertEquals(
          p32 ? SeriesVerdict.Verdict.REGRESSION : SeriesVerdict.Verdict.OK,
          v.verdict(),
          HistoryText.line(v));
    }
    SeriesVerdict p32 =
        verdicts.values().stream()
            .filter(v -> v.series().key().parallelism() == 32)
            .findFirst()
            .orElseThrow();
    MetricChange tps = p32.changes().get(0);
    assertEquals("tps", tps.metric());
    assertEquals(MetricChange.Outcome.WORSE, tps.outcome());
    assertEquals(1800, tps.after());
    assertEquals(3000, tps.before(), 3000 * 0.03);
    assertEquals(MetricChange.Outcome.WITHIN, p32.changes().get(1).outcome());
    String line = HistoryText.line(p32);
    assertTrue(line.startsWith("REGRESSION postgres airline x32 (PostgreSQL 17.2"), line);
    assertTrue(line.contains(": tps 3,0"), line);
    assertTrue(line.contains(" -> 1,800 (-40%, worse than ±10%"), line);
  }

  @Test
  void aRiseOfP99IsARegression() throws IOException {
    root.nights("a", 10, 1500, 12, 0.03, s -> {});
    root.run("a", 10, 1500, 15);
    SeriesVerdict v = only(judged(DEFAULT));
    assertEquals(SeriesVerdict.Verdict.REGRESSION, v.verdict(), HistoryText.line(v));
    assertEquals(MetricChange.Outcome.WORSE, v.changes().get(1).outcome());
    assertTrue(HistoryText.line(v).contains(" ms -> 15.0 ms (+2"), HistoryText.line(v));
  }

  @Test
  void aFasterLatestRunIsAnImprovementNotARegression() throws IOException {
    root.nights("a", 10, 1500, 12, 0.03, s -> {});
    root.run("a", 10, 2000, 9);
    SeriesVerdict v = only(judged(DEFAULT));
    assertEquals(SeriesVerdict.Verdict.IMPROVED, v.verdict(), HistoryText.line(v));
  }

  @Test
  void aNoisyBaselineNeedsThreeSpreads() throws IOException {
    root.nights("a", 10, 1500, 12, 0.25, s -> {});
    root.run("a", 10, 1500 * 0.75, 12);
    SeriesVerdict v = only(judged(DEFAULT));
    MetricChange tps = v.changes().get(0);
    assertTrue(tps.allowed() > 0.3, "allowed " + tps.allowed());
    assertEquals(SeriesVerdict.Verdict.OK, v.verdict(), HistoryText.line(v));
    root.run("a", 11, 1500 * 0.3, 12);
    assertEquals(SeriesVerdict.Verdict.REGRESSION, only(judged(DEFAULT)).verdict());
  }

  @Test
  void theMinimumChangeHoldsForAQuietBaseline() throws IOException {
    for (int night = 0; night < 10; night++) {
      root.run("a", night, 1500, 12);
    }
    root.run("a", 10, 1400, 12.5);
    assertEquals(SeriesVerdict.Verdict.OK, only(judged(DEFAULT)).verdict());
    assertEquals(
        SeriesVerdict.Verdict.REGRESSION, only(judged(new RegressionRule(10, 0.05))).verdict());
  }

  @Test
  void theBaselineIsTheRunsJustBeforeTheLatest() throws IOException {
    for (int night = 0; night < 10; night++) {
      root.run("a", night, 2000, 12);
    }
    for (int night = 10; night < 15; night++) {
      root.run("a", night, 1000, 12);
    }
    root.run("a", 15, 1000, 12);
    assertEquals(SeriesVerdict.Verdict.OK, only(judged(new RegressionRule(5, 0.10))).verdict());
    SeriesVerdict longer = only(judged(new RegressionRule(20, 0.10)));
    assertEquals(SeriesVerdict.Verdict.REGRESSION, longer.verdict(), HistoryText.line(longer));
    assertEquals(15, longer.baselineRuns());
    assertEquals(2000, longer.changes().get(0).before());
  }

  @Test
  void runsAreOrderedByTheirStartNotTheirDirectories() throws IOException {
    root.run("z-first", 0, 1500, 12);
    root.run("y", 1, 1500, 12);
    root.run("x-last", 3, 500, 12);
    root.run("w", 2, 1500, 12);
    SeriesVerdict v = only(judged(DEFAULT));
    assertEquals(500, v.series().latest().tps());
    assertEquals(SeriesVerdict.Verdict.REGRESSION, v.verdict());
  }

  /**
   * A paced run (--rate) measures the pace it was given, not what the server can do: it is a series
   * of its own, never a point in the unpaced runs' baseline.
   */
  @Test
  void aPacedRunIsASeriesOfItsOwn() throws IOException {
    root.nights("closed", 12, 1500, 12, 0.03, s -> {});
    root.run(
        "paced",
        12,
        497,
        3,
        s -> ((com.fasterxml.jackson.databind.node.ObjectNode) s.get("options")).put("rate", 500));
    Map<String, SeriesVerdict> verdicts = judged(DEFAULT);
    assertEquals(2, verdicts.size(), verdicts::toString);
    SeriesVerdict closed =
        verdicts.values().stream()
            .filter(v -> v.series().runs().size() == 12)
            .findFirst()
            .orElseThrow();
    assertEquals(SeriesVerdict.Verdict.OK, closed.verdict(), HistoryText.line(closed));
    assertTrue(
        verdicts.keySet().stream().anyMatch(k -> k.startsWith("postgres airline x8 rate 500/s (")),
        verdicts::toString);
  }

  /** By target, workload and parallelism as a number: x4, x8, x16, not x16, x4, x8. */
  @Test
  void seriesAreListedByTargetWorkloadAndParallelism() throws IOException {
    for (int threads : List.of(16, 4, 8)) {
      root.run("p" + threads, 0, 1500, 12, s -> s.put("parallelism", threads));
    }
    root.run("m", 0, 1500, 12, s -> s.put("target", "mariadb"));
    root.run("i", 0, 1500, 12, s -> s.put("workload", "insert"));
    assertEquals(
        List.of(
            "mariadb airline x8",
            "postgres airline x4",
            "postgres airline x8",
            "postgres airline x16",
            "postgres insert x8"),
        HistoryRoot.read(List.of(root.root()), true, warnings::add).stream()
            .map(s -> s.key().name())
            .toList());
  }

  @Test
  void fewerThanTwoRunsBeforeTheLatestAreTooFew() throws IOException {
    root.run("a", 0, 1500, 12);
    root.run("a", 1, 1500, 12);
    SeriesVerdict v = only(judged(DEFAULT));
    assertEquals(SeriesVerdict.Verdict.TOO_FEW_RUNS, v.verdict());
    assertTrue(
        HistoryText.line(v).startsWith("too few runs postgres airline x8"), HistoryText.line(v));
    root.run("a", 2, 100, 12);
    assertEquals(SeriesVerdict.Verdict.REGRESSION, only(judged(DEFAULT)).verdict());
  }

  /**
   * A series keeps each run's cost of a million iterations, and its line says the latest's, but
   * judges only the tps and p99 it follows from: a new price (3.06 an hour, then 6.12) continues
   * the series, as a run given none does. 3.06 / (1500 x 3600) x 10^6 = 0.5667, 6.12 makes 1.133.
   */
  @Test
  void aSeriesKeepsItsRunsCostAndItsLineSaysTheLatests() throws IOException {
    root.run("a", 0, 1500, 12);
    root.run("a", 1, 1500, 12, s -> HistoryFixture.priced(s, 3.06, 0.566667));
    SeriesVerdict v = only(judged(DEFAULT));
    assertEquals(SeriesVerdict.Verdict.TOO_FEW_RUNS, v.verdict());
    String line = HistoryText.line(v);
    assertTrue(line.contains(" ms; cost 0.5667 per million iterations; 2 runs, 2 before"), line);
    root.run("a", 2, 1500, 12, s -> HistoryFixture.priced(s, 6.12, 1.13333));
    v = only(judged(DEFAULT));
    assertEquals(SeriesVerdict.Verdict.OK, v.verdict());
    assertEquals(
        List.of(Double.NaN, 0.566667, 1.13333),
        v.series().runs().stream().map(HistoryRun::costPerMillion).toList());
    line = HistoryText.line(v);
    assertTrue(line.contains("); cost 1.133 per million iterations; 3 runs, baseline"), line);
    root.run("a", 3, 1500, 12);
    assertFalse(HistoryText.line(only(judged(DEFAULT))).contains("cost"));
  }

  /**
   * Years of nightly runs read whole into their series (how fast is bench/history.sh's to say: a
   * fresh JSON mapper per file once made 5,000 runs take 12 to 20 s instead of about 1).
   */
  @Test
  void fiveThousandRunsAreRead() throws IOException {
    root.nights("nightly", 5000, 1000, 5, 0.05, s -> {});
    List<Series> series = HistoryRoot.read(List.of(root.root()), false, warnings::add);
    assertEquals(1, series.size(), warnings::toString);
    assertEquals(5000, series.get(0).runs().size());
  }

  @Test
  void aCorruptSummaryIsSkippedWithOneWarning() throws IOException {
    root.nights("a", 5, 1500, 12, 0.02, s -> {});
    Path bad = Files.createDirectories(root.root().resolve("a/broken"));
    Files.writeString(bad.resolve(SummaryJson.FILE), "{\"target\": \"postgres\", ");
    Path notOurs = Files.createDirectories(root.root().resolve("other"));
    Files.writeString(notOurs.resolve(SummaryJson.FILE), "{\"name\": \"x\"}");
    SeriesVerdict v = only(judged(DEFAULT));
    assertEquals(5, v.series().runs().size());
    assertEquals(2, warnings.size(), warnings::toString);
    assertTrue(
        warnings.get(0).contains("broken") && warnings.get(0).contains("corrupt"),
        warnings::toString);
    assertTrue(warnings.stream().noneMatch(w -> w.contains("\n")), warnings::toString);
    IOException strict =
        assertThrows(
            IOException.class, () -> HistoryRoot.read(List.of(root.root()), true, w -> {}));
    assertTrue(String.valueOf(strict.getMessage()).contains("broken"), strict.getMessage());
  }

  /**
   * A root that is a link (to a data disk, say) is read through it; a run linked from elsewhere in
   * the root ("latest") counts once; a link loop is a warning (one per way into it).
   */
  @Test
  void linksAreFollowedOnceAndALoopIsAWarning() throws IOException {
    root.nights("a", 5, 1500, 12, 0.02, s -> {});
    Path nights = root.root().resolve("a");
    Files.createSymbolicLink(nights.resolve("latest"), nights.resolve("night-4"));
    Files.createSymbolicLink(nights.resolve("night-4").resolve("up"), nights);
    Path link = Files.createSymbolicLink(dir.resolve("link"), root.root());
    List<Series> series = HistoryRoot.read(List.of(link), false, warnings::add);
    assertEquals(1, series.size());
    assertEquals(5, series.get(0).runs().size());
    assertFalse(warnings.isEmpty());
    assertTrue(warnings.stream().allMatch(w -> w.endsWith(": a link loop")), warnings::toString);
  }

  /**
   * The latest run stopped before it measured (Ctrl-C before the window): no REGRESSION of -100%,
   * it is left out with a note and the run before it judged; a root of such runs only is an error.
   */
  @Test
  void aRunStoppedBeforeMeasuringIsLeftOutWithANote() throws IOException {
    root.nights("a", 5, 1500, 12, 0.02, s -> {});
    Path stopped =
        root.run(
            "a",
            5,
            0,
            0,
            s ->
                s.put("stopReason", "INTERRUPTED")
                    .put("iterations", 0)
                    .put("measuredSeconds", 0.0));
    SeriesVerdict v = only(judged(DEFAULT));
    assertEquals(SeriesVerdict.Verdict.OK, v.verdict(), HistoryText.line(v));
    assertEquals(5, v.series().runs().size());
    assertEquals(List.of("skipped " + stopped + ": stopped before measuring"), warnings);
    // Written by a version that marks it, whatever its counts say.
    root.run("a", 6, 1500, 12, s -> s.put("stoppedBeforeMeasuring", true));
    assertEquals(5, only(judged(DEFAULT)).series().runs().size());
    root.run("a", 7, 1500, 12, s -> s.put("stoppedBeforeMeasuring", false));
    assertEquals(6, only(judged(DEFAULT)).series().runs().size());
  }

  @Test
  void aRootOfRunsStoppedBeforeMeasuringIsAnError() throws IOException {
    root.run("a", 1, 1500, 12, s -> s.put("stoppedBeforeMeasuring", true));
    IOException e =
        assertThrows(
            IOException.class, () -> HistoryRoot.read(List.of(root.root()), true, w -> {}));
    assertTrue(
        String.valueOf(e.getMessage())
            .endsWith("holds no measured run (1 stopped before measuring)"),
        e.getMessage());
  }

  /** A link out of the root (to /, to another root's runs) is not followed: one warning. */
  @Test
  void aLinkOutOfTheRootIsNotFollowed() throws IOException {
    root.nights("a", 5, 1500, 12, 0.02, s -> {});
    HistoryFixture elsewhere = new HistoryFixture(dir.resolve("elsewhere"));
    elsewhere.run("a", 5, 10, 12);
    Path out = Files.createSymbolicLink(root.root().resolve("out"), elsewhere.root());
    SeriesVerdict v = only(judged(DEFAULT));
    assertEquals(5, v.series().runs().size(), HistoryText.line(v));
    assertEquals(
        List.of(
            "skipped "
                + out
                + ": a link out of "
                + root.root()
                + " (to "
                + elsewhere.root().toRealPath()
                + ")"),
        warnings);
  }

  @Test
  void aMissingOrEmptyRootIsAnError() throws IOException {
    IOException missing =
        assertThrows(
            IOException.class, () -> HistoryRoot.read(List.of(root.root()), false, w -> {}));
    assertTrue(
        String.valueOf(missing.getMessage()).contains("no such directory"), missing.getMessage());
    Files.createDirectories(root.root().resolve("empty"));
    IOException empty =
        assertThrows(
            IOException.class, () -> HistoryRoot.read(List.of(root.root()), false, w -> {}));
    assertTrue(
        String.valueOf(empty.getMessage()).contains("holds no txbench run"), empty.getMessage());
  }

  @Test
  void seriesAreSplitByWhatMakesRunsComparable() throws IOException {
    root.run("base", 0, 1500, 12);
    root.run("p16", 0, 1500, 12, s -> s.put("parallelism", 16));
    root.run(
        "settings",
        0,
        1500,
        12,
        s ->
            s.withObjectProperty("fingerprint")
                .withObjectProperty("server")
                .put("synchronous_commit", "off"));
    root.run(
        "machine",
        0,
        1500,
        12,
        s ->
            s.withObjectProperty("fingerprint")
                .withObjectProperty("client")
                .put("machineProduct", "m6i.xlarge"));
    root.run(
        "cpu",
        0,
        1500,
        12,
        s -> s.withObjectProperty("fingerprint").withObjectProperty("client").put("cores", 4));
    root.run("version", 0, 1500, 12, s -> s.put("serverVersion", "PostgreSQL 18.0"));
    root.run(
        "isolation",
        0,
        1500,
        12,
        s -> s.withObjectProperty("options").put("sql-isolation-level", "READ_COMMITTED"));
    root.run("workload", 0, 1500, 12, s -> s.put("workload", "insert"));
    root.run("scale", 0, 1500, 12, s -> s.withObjectProperty("options").put("scale", 10));
    root.run("target", 0, 1500, 12, s -> s.put("target", "mysql"));
    root.run(
        "mongo",
        0,
        1500,
        12,
        s ->
            s.put("target", "mongo")
                .withObjectProperty("options")
                .put("mongo-write-concern", "majority"));
    Map<String, SeriesVerdict> verdicts = judged(DEFAULT);
    assertEquals(11, verdicts.size(), verdicts.keySet()::toString);
  }

  /**
   * The options that split series are those the summary gives a role: one written before it gave
   * roles splits by the isolation level as one that gives it its role does, and an option of a
   * target no report knows splits series by its role alone, under its own name.
   */
  @Test
  void seriesAreSplitByTheOptionsWhoseRoleTheSummaryRecords() throws IOException {
    Consumer<ObjectNode> recorded =
        s -> s.putObject("optionRoles").put("sql-isolation-level", "isolation");
    Consumer<ObjectNode> readCommitted =
        s -> s.withObjectProperty("options").put("sql-isolation-level", "READ_COMMITTED");
    root.run("before", 0, 1500, 12);
    root.run("recorded", 1, 1500, 12, recorded);
    root.run("before", 2, 1500, 12, readCommitted);
    root.run("recorded", 3, 1500, 12, recorded.andThen(readCommitted));
    root.run(
        "acme",
        0,
        1500,
        12,
        s -> {
          s.put("target", "acme").withObjectProperty("options").put("acme-guarantee", "strong");
          s.putObject("optionRoles").put("acme-guarantee", "consistency");
        });
    Map<String, SeriesVerdict> verdicts = judged(DEFAULT);
    assertEquals(3, verdicts.size(), verdicts.keySet()::toString);
    for (String level : List.of("SERIALIZABLE", "READ_COMMITTED")) {
      SeriesVerdict series =
          verdicts.entrySet().stream()
              .filter(e -> e.getKey().startsWith("postgres airline x8 (PostgreSQL 17.2;"))
              .filter(e -> e.getKey().contains("; isolation-level " + level + ";"))
              .map(Map.Entry::getValue)
              .findFirst()
              .orElseThrow(() -> new AssertionError(level + " in " + verdicts.keySet()));
      assertEquals(2, series.series().runs().size(), series.series().key()::words);
    }
    assertTrue(
        verdicts.keySet().stream()
            .anyMatch(
                k -> k.startsWith("acme airline x8 (PostgreSQL 17.2; guarantee strong; shared")),
        verdicts.keySet()::toString);
  }

  @Test
  void eachVolumeOfDataOfASweepIsASeriesOfItsOwn() throws IOException {
    for (int night = 0; night < 4; night++) {
      for (long size : new long[] {10_000, 1_000_000}) {
        double tps = size == 10_000 ? 9000 : 3000; // a table past memory is slower, not worse
        root.run(
            "size-" + size,
            night,
            tps,
            5,
            s ->
                s.put("workload", "point-select")
                    .withObjectProperty("options")
                    .put("table-size", size));
      }
    }
    Map<String, SeriesVerdict> verdicts = judged(DEFAULT);
    assertEquals(2, verdicts.size(), verdicts.keySet()::toString);
    assertTrue(
        verdicts.keySet().stream().anyMatch(k -> k.contains("; table-size 1000000;")),
        verdicts.keySet()::toString);
    verdicts.values().stream()
        .flatMap(v -> v.changes().stream())
        .forEach(c -> assertEquals(MetricChange.Outcome.WITHIN, c.outcome(), c::toString));
  }

  @Test
  void hostnameWorkloadOptionsAndMissingFingerprintsDoNotSplitASeries() throws IOException {
    root.run("a", 0, 1500, 12);
    root.run(
        "a",
        1,
        1500,
        12,
        s ->
            s.withObjectProperty("fingerprint")
                .withObjectProperty("client")
                .put("hostname", "vm-2")
                .put("jvm", "17.0.13"));
    root.run(
        "a",
        2,
        1500,
        12,
        s -> s.withObjectProperty("options").put("booking-sleep", 50).put("seed", 7));
    root.run("a", 3, 1500, 12, s -> s.put("end", "2026-01-04T02:05:00Z"));
    assertEquals(4, only(judged(DEFAULT)).series().runs().size());

    root.run("b", 0, 1500, 12, s -> s.remove("fingerprint"));
    root.run("b", 1, 1500, 12, s -> s.remove("fingerprint"));
    Map<String, SeriesVerdict> verdicts = judged(DEFAULT);
    assertEquals(2, verdicts.size(), verdicts.keySet()::toString);
    assertTrue(
        verdicts.containsKey("postgres airline x8 (PostgreSQL 17.2; isolation-level SERIALIZABLE)"),
        verdicts.keySet()::toString);
  }

  @Test
  void theSeriesInWordsNamesEveryPartOfItsKey() throws IOException {
    root.run("a", 0, 1500, 12);
    assertEquals(
        "postgres airline x8 (PostgreSQL 17.2; isolation-level SERIALIZABLE;"
            + " shared_buffers=128MB, synchronous_commit=on; client Amazon EC2 m6i.large,"
            + " Intel Xeon Platinum 8375C, 2 cores, 8.0 GiB)",
        only(judged(DEFAULT)).series().key().words());
  }
}
