package io.txbench.report.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * summary.json is one flat object though its record is made of parts: every field of a summary that
 * has them all, in the order txbench has always written them, and a file of an older version read
 * into the parts.
 */
class SummaryFieldOrderTest {
  @TempDir Path dir;

  /** Every top-level field, in the order written. */
  private static final List<String> ORDER =
      List.of(
          "tool",
          "toolVersion",
          "target",
          "serverVersion",
          "driver",
          "embedded",
          "server",
          "workload",
          "transactions",
          "parallelism",
          "warmupSeconds",
          "warmupSettled",
          "start",
          "end",
          "measuredSeconds",
          "stopReason",
          "stoppedBeforeMeasuring",
          "cost",
          "iterations",
          "iterationsAfterWindow",
          "declined",
          "tps",
          "inDoubt",
          "inDoubtByCause",
          "skipped",
          "retries",
          "retriesByClass",
          "errors",
          "errorsWithPartialEffects",
          "errorsByClass",
          "responseTimeMs",
          "serviceTimeMs",
          "scheduleLagMs",
          "queries",
          "operations",
          "statements",
          "client",
          "fingerprint",
          "serverCommits",
          "telemetry",
          "verification",
          "thresholds",
          "resultFilesComplete",
          "resultFileFailures",
          "options",
          "optionRoles",
          "setup",
          "overlapSeconds",
          "mergedFrom",
          "resultDirectory");

  /** A summary with every field: a run's, with the fields only a merge or a rare run has. */
  private static SummaryFile full() {
    SummaryFile run =
        SummaryJson.of(SummaryFileTest.representative(SummaryFileTest.failed()), null);
    SummaryFile.Percentiles times = run.breakdown().responseTimeMs();
    SummaryFile.Window window = run.window();
    return new SummaryFile(
        run.identity(),
        new SummaryFile.Window(
            window.warmupSeconds(),
            "settled: throughput changed +1.0% over its last 4 periods",
            window.start(),
            window.end(),
            window.measuredSeconds(),
            window.stopReason(),
            window.stoppedBeforeMeasuring(),
            new SummaryFile.Cost(0.5, 0.00143525, 1.16592)),
        run.outcomes(),
        new SummaryFile.Breakdown(
            times,
            times,
            times,
            new SummaryFile.QueryCounts(1, 2, 3, 6, 0.6, 0.1, 0.2, 0.3),
            Map.of("book", new SummaryFile.Operation(1, 0, 0, 0, 0.1, 1, 1, 1, 1, 1, 1)),
            List.of(
                new SummaryStatement(
                    "a.sql", 3, "SELECT 1", 9, 1, Map.of("other", 1L), 1, 1, 1, 1, 1, 1))),
        new SummaryFile.Environment(
            run.environment().client(),
            new SummaryFile.Fingerprint(null, Map.of("shared_buffers", "128MB")),
            new SummaryCommits(10, 10, 0L, true, "xact_commit", "less 2 of txbench's", null),
            new SummaryTelemetry(true, true, false, null, null)),
        new SummaryFile.Checks(
            run.checks().verification(),
            List.of(new SummaryFile.Threshold("p99 < 50ms", 40.108, "ms", true, null)),
            run.checks().resultFilesComplete(),
            run.checks().resultFileFailures()),
        new SummaryFile.Provenance(
            run.provenance().options(),
            Map.of("sql-isolation-level", "isolation"),
            new SummaryFile.Setup(true, null, 100, 10, 1.5),
            9.5,
            List.of(
                new SummaryFile.Source("a", window.start(), window.end(), 1, 0.1, "passed", null)),
            "results/merged"));
  }

  @Test
  void aSummaryWithEveryFieldIsWrittenFlatInItsOrderAndReadsBack() throws IOException {
    Path file = dir.resolve(SummaryJson.FILE);
    full().write(file, UnaryOperator.identity());
    List<String> written = new ArrayList<>();
    new ObjectMapper().readTree(file.toFile()).fieldNames().forEachRemaining(written::add);
    assertEquals(ORDER, written);
    assertEquals(full(), SummaryFile.read(file));
  }

  @Test
  void aSummaryOfTheFirstVersionReadsIntoEveryPart() throws IOException {
    Path file = dir.resolve(SummaryJson.FILE);
    Files.writeString(
        file,
        "{\"target\": \"postgres\", \"serverVersion\": \"PostgreSQL 16\","
            + " \"workload\": \"insert\", \"parallelism\": 4, \"start\": \"2025-01-01T00:00:00Z\","
            + " \"end\": \"2025-01-01T00:00:30Z\", \"measuredSeconds\": 30.0, \"iterations\": 90,"
            + " \"tps\": 3.0, \"retries\": 1, \"errors\": 2, \"responseTimeMs\": {\"p50\": 1.0,"
            + " \"p95\": 1.5, \"p99\": 2.0, \"p999\": 3.0, \"max\": 4.0}, \"dropped\": 1}");
    SummaryFile old = SummaryFile.read(file);
    assertEquals("insert", old.identity().workload());
    assertEquals(4, old.identity().parallelism());
    assertEquals(30.0, old.window().measuredSeconds());
    assertEquals(1, old.outcomes().retries());
    assertEquals(2, old.outcomes().errors());
    assertEquals(4.0, old.breakdown().responseTimeMs().max());
    assertNull(old.environment().client());
    assertNull(old.checks().verification());
    assertNull(old.provenance().options());
    // Written again, it keeps its fields (those it lacks stay out, but the counts of 0).
    Path again = dir.resolve("again.json");
    old.write(again, UnaryOperator.identity());
    List<String> written = new ArrayList<>();
    new ObjectMapper().readTree(again.toFile()).fieldNames().forEachRemaining(written::add);
    assertEquals(
        List.of(
            "target",
            "serverVersion",
            "workload",
            "parallelism",
            "start",
            "end",
            "measuredSeconds",
            "iterations",
            "tps",
            "retries",
            "errors",
            "responseTimeMs"),
        written);
  }
}
