package io.txbench.report.console;

import static io.txbench.report.files.MixRuns.mix;
import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.Queries;
import io.txbench.core.spi.Verification;
import io.txbench.core.thresholds.Threshold;
import io.txbench.core.thresholds.ThresholdVerdict;
import io.txbench.report.compare.RunMerger;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.MixRuns;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SummaryFile;
import io.txbench.report.files.SummaryJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * summary.json, its reading back, and the console summary of a run that counted its statements and
 * told its operations apart: a 10 s mix of 3 point-selects (1, 1, 2 ms) and 2 updates (10, 20 ms; 1
 * declined, 2 failed, 1 in doubt besides), with 30 reads, 4 writes and 6 others.
 */
class BreakdownSummaryTest {
  private static final RunResult MIX =
      MixRuns.run(mix(new double[] {1, 1, 2}, new double[] {10, 20}, 1), new Queries(30, 4, 6));
  @TempDir Path dir;

  @Test
  void summaryJsonHasTheQueriesAndEachOperationInTheWorkloadsOrder() throws IOException {
    SummaryJson.write(dir, MixRuns.summary("mix", MIX), null, UnaryOperator.identity());
    JsonNode json = new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE).toFile());
    assertEquals(
        new ObjectMapper()
            .readTree(
                "{\"reads\": 30, \"writes\": 4, \"others\": 6, \"total\": 40, \"qps\": 4.0,"
                    + " \"readsPerSecond\": 3.0, \"writesPerSecond\": 0.4,"
                    + " \"othersPerSecond\": 0.6}"),
        json.get("queries"));
    List<String> names = new ArrayList<>();
    json.get("operations").fieldNames().forEachRemaining(names::add);
    assertEquals(List.of("point-select", "update"), names);
    assertEquals(
        new ObjectMapper()
            .readTree(
                "{\"count\": 2, \"declined\": 1, \"errors\": 2, \"inDoubt\": 1, \"tps\": 0.2,"
                    + " \"meanMs\": 14.998, \"p50Ms\": 10.002, \"p95Ms\": 20.005,"
                    + " \"p99Ms\": 20.005, \"p999Ms\": 20.005, \"maxMs\": 20.005}"),
        json.get("operations").get("update"));
    assertEquals(3, json.get("operations").get("point-select").get("count").asLong());
  }

  @Test
  void whatIsWrittenReadsBackAsTheSameRecord() throws IOException {
    RunSummary summary = MixRuns.summary("mix", MIX);
    SummaryJson.write(dir, summary, null, UnaryOperator.identity());
    SummaryFile read = SummaryFile.read(dir.resolve(SummaryJson.FILE));
    assertEquals(SummaryJson.of(summary, null), read);
    assertEquals(40, requireNonNull(read.breakdown().queries()).total());
    assertEquals(
        List.of("point-select", "update"),
        List.copyOf(requireNonNull(read.breakdown().operations()).keySet()));
    assertEquals(
        20.005,
        requireNonNull(requireNonNull(read.breakdown().operations()).get("update")).p99Ms());
  }

  @Test
  void aSummaryWithoutThemLeavesThemOutAndReadsWithout() throws IOException {
    SummaryJson.write(
        dir,
        MixRuns.summary("insert", MixRuns.run(Map.of(), Queries.NONE)),
        null,
        UnaryOperator.identity());
    String written = Files.readString(dir.resolve(SummaryJson.FILE));
    assertFalse(written.contains("\"queries\""), written);
    assertFalse(written.contains("\"operations\""), written);
    SummaryFile read = SummaryFile.read(dir.resolve(SummaryJson.FILE));
    assertNull(read.breakdown().queries());
    assertNull(read.breakdown().operations());
  }

  /** Each field of queries or an operation, of the wrong type or missing. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "queries|reads|\"many\"|\"queries.reads\" is \"many\", not a whole number of 0 or more",
        "queries|qps||no \"queries.qps\" in it",
        "operations.update|p99Ms||no \"operations.update.p99Ms\" in it",
        "operations.update|count|2.5|\"operations.update.count\" is 2.5, not a whole number",
        "operations.update|tps|-1|\"operations.update.tps\" is -1, not a number of 0 or more",
      })
  void aWrongFigureInThemIsRefusedByName(String object, String field, String value, String what)
      throws IOException {
    SummaryJson.write(dir, MixRuns.summary("mix", MIX), null, UnaryOperator.identity());
    Path file = dir.resolve(SummaryJson.FILE);
    ObjectMapper mapper = new ObjectMapper();
    JsonNode json = mapper.readTree(file.toFile());
    ObjectNode parent = (ObjectNode) json.at("/" + object.replace('.', '/'));
    if (value == null) {
      parent.remove(field);
    } else {
      parent.set(field, mapper.readTree(value));
    }
    mapper.writeValue(file.toFile(), json);
    IOException e = assertThrows(IOException.class, () -> SummaryFile.read(file));
    assertTrue(
        String.valueOf(e.getMessage()).startsWith(file + " is corrupt: " + what), e.getMessage());
  }

  @Test
  void anOperationThatIsNoObjectIsRefused() throws IOException {
    SummaryJson.write(dir, MixRuns.summary("mix", MIX), null, UnaryOperator.identity());
    Path file = dir.resolve(SummaryJson.FILE);
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode json = (ObjectNode) mapper.readTree(file.toFile());
    ((ObjectNode) json.get("operations")).put("update", 3);
    mapper.writeValue(file.toFile(), json);
    IOException e = assertThrows(IOException.class, () -> SummaryFile.read(file));
    assertEquals(file + " is corrupt: \"operations.update\" is 3, not an object", e.getMessage());
  }

  @Test
  void theConsoleSaysTheQueriesPerformedAndTabulatesTheOperations() {
    List<String> lines = printed(MixRuns.summary("mix", MIX));
    assertTrue(
        lines.contains("  queries       performed: read 30, write 4, other 6, total 40 (qps 4.00)"),
        lines.toString());
    int table = lines.indexOf("  operations    response times in ms");
    assertTrue(table > 0, lines.toString());
    assertEquals(
        List.of(
            "    operation     count   tps   mean    p50    p95    p99    max  declined  errors",
            "    point-select      3  0.30   1.33   1.00   2.00   2.00   2.00         0       0",
            "    update            2  0.20  15.00  10.00  20.00  20.00  20.00         1       2"),
        lines.subList(table + 1, table + 4));
    assertTrue(lines.get(table + 4).startsWith("  client cpu"), lines.get(table + 4));
  }

  @Test
  void theConsoleOfAPlainRunHasNeither() {
    List<String> lines = printed(MixRuns.summary("insert", MixRuns.run(Map.of(), Queries.NONE)));
    assertTrue(lines.stream().noneMatch(l -> l.contains("queries")), lines.toString());
    assertTrue(lines.stream().noneMatch(l -> l.contains("operation")), lines.toString());
  }

  @Test
  void aThresholdOnAnOperationTheRunDidNotHaveSaysWhyEverywhere() throws IOException {
    List<ThresholdVerdict> verdicts =
        List.of(
            Threshold.parse("update.p99<25ms").check(MIX, Verification.of(Map.of(), List.of())),
            Threshold.parse("insert.p99<1ms").check(MIX, Verification.of(Map.of(), List.of())),
            Threshold.parse("qps>3").check(MIX, Verification.of(Map.of(), List.of())));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    VerdictText.printThresholds(new PrintStream(bytes, true, StandardCharsets.UTF_8), verdicts);
    assertEquals(
        List.of(
            "  threshold     update.p99<25ms  PASS  20.005 ms",
            "  threshold     insert.p99<1ms   FAIL  nothing measured (no operation 'insert' in"
                + " this run; its operations: point-select, update)",
            "  threshold     qps>3            PASS  4.00 qps"),
        bytes.toString(StandardCharsets.UTF_8).lines().toList());
    RunSummary summary = MixRuns.summary("mix", MIX);
    SummaryJson.write(
        dir,
        summary.withVerdicts(summary.verification(), verdicts),
        null,
        UnaryOperator.identity());
    SummaryFile read = SummaryFile.read(dir.resolve(SummaryJson.FILE));
    assertEquals(
        "no operation 'insert' in this run; its operations: point-select, update",
        requireNonNull(read.checks().thresholds()).get(1).whyNotMeasured());
    assertNull(requireNonNull(read.checks().thresholds()).get(1).measured());
    assertNull(read.checks().thresholds().get(0).whyNotMeasured());
  }

  /** The clients' statements add up; their rates are over the merged window. */
  @Test
  void aMergeAddsUpTheClientsQueriesAndLeavesOutTheOperations() throws IOException {
    Path a = FakeRuns.write(dir.resolve("a"), "postgres", 1_700_000_000_000L, 3, 100, 2);
    Path b = FakeRuns.write(dir.resolve("b"), "postgres", 1_700_000_000_200L, 3, 300, 8);
    withBreakdown(a, "{\"reads\": 100, \"writes\": 10, \"others\": 20}");
    withBreakdown(b, "{\"reads\": 300, \"writes\": 30, \"others\": 60}");
    Path out = dir.resolve("merged");
    RunMerger.merge(List.of(ResultDirectory.load(a), ResultDirectory.load(b)), out, null);
    SummaryFile merged = SummaryFile.read(out.resolve(SummaryJson.FILE));
    SummaryFile.QueryCounts q = requireNonNull(merged.breakdown().queries());
    assertEquals(
        List.of(400L, 40L, 80L, 520L), List.of(q.reads(), q.writes(), q.others(), q.total()));
    assertEquals(520 / merged.window().measuredSeconds(), q.qps(), 0.01);
    assertEquals(40 / merged.window().measuredSeconds(), q.writesPerSecond(), 0.01);
    assertNull(merged.breakdown().operations());
  }

  /** Gives the summary in {@code run} these counts of statements, and an operation. */
  private static void withBreakdown(Path run, String counts) throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    Path file = run.resolve(SummaryJson.FILE);
    ObjectNode json = (ObjectNode) mapper.readTree(file.toFile());
    ObjectNode queries = (ObjectNode) mapper.readTree(counts);
    long total = 0;
    for (String kind : List.of("reads", "writes", "others")) {
      total += queries.get(kind).asLong();
      queries.put(kind.substring(0, kind.length() - 1) + "sPerSecond", 1.0);
    }
    queries.put("total", total);
    queries.put("qps", 1.0);
    json.set("queries", queries);
    json.set(
        "operations",
        mapper.readTree(
            "{\"insert\": {\"count\": 1, \"declined\": 0, \"errors\": 0, \"inDoubt\": 0,"
                + " \"tps\": 1, \"meanMs\": 1, \"p50Ms\": 1, \"p95Ms\": 1, \"p99Ms\": 1,"
                + " \"p999Ms\": 1, \"maxMs\": 1}}"));
    mapper.writeValue(file.toFile(), json);
  }

  private static List<String> printed(RunSummary summary) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ConsoleSummary.print(
        new PrintStream(bytes, true, StandardCharsets.UTF_8), summary, UnaryOperator.identity());
    return bytes.toString(StandardCharsets.UTF_8).lines().toList();
  }
}
