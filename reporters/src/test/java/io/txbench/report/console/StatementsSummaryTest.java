package io.txbench.report.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StatementStats;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Queries;
import io.txbench.core.spi.StatementId;
import io.txbench.report.files.MixRuns;
import io.txbench.report.files.SummaryFile;
import io.txbench.report.files.SummaryJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script's statements where the end of a run reports them: the console summary's table, a row
 * each by file and line, its figures aligned to the right; summary.json's {@code statements}, read
 * back the same; and no trace of them for a run of another workload.
 */
class StatementsSummaryTest {
  private static final RunResult PLAIN = MixRuns.run(Map.of(), new Queries(0, 20, 10));
  private static final RunResult SCRIPT =
      new RunResult(
          PLAIN.window(),
          PLAIN.outcomes(),
          PLAIN.latencies(),
          PLAIN.client(),
          PLAIN.bottleneck(),
          PLAIN
              .breakdown()
              .withStatements(
                  List.of(
                      new StatementStats(
                          new StatementId(0, "tx.sql", 3, "UPDATE t SET n = n + 1 WHERE k = :k;"),
                          MixRuns.times(1, 1, 2, 10),
                          Map.of()),
                      new StatementStats(
                          new StatementId(1, "tx.sql", 5, "INSERT INTO t VALUES (4, 0);"),
                          MixRuns.times(),
                          Map.of(ErrorClass.OTHER, 12L, ErrorClass.SERIALIZATION, 3L)))),
          PLAIN.operationTallies(),
          PLAIN.telemetry());

  @TempDir Path dir;

  @Test
  void theConsoleHasARowPerStatementByFileAndLine() {
    assertEquals(
        List.of(
            "  statements    times in ms of those that succeeded, by file and line",
            "    statement  count  failures  mean   p50    p95    p99    max  text",
            "    tx.sql:3       4         0  3.50  1.00  10.00  10.00  10.00  UPDATE t SET n = n + 1"
                + " WHERE k = :k;",
            "    tx.sql:5       0        15  0.00  0.00   0.00   0.00   0.00  INSERT INTO t VALUES"
                + " (4, 0);"),
        BreakdownText.statements(SCRIPT));
    assertEquals(List.of(), BreakdownText.statements(PLAIN));
  }

  @Test
  void summaryJsonHasThemInOrderAndReadsThemBack() throws IOException {
    SummaryJson.write(dir, MixRuns.summary("script", SCRIPT), null, UnaryOperator.identity());
    JsonNode json = new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE).toFile());
    assertEquals(
        new ObjectMapper()
            .readTree(
                "{\"script\": \"tx.sql\", \"line\": 5, \"text\": \"INSERT INTO t VALUES (4, 0);\","
                    + " \"count\": 0, \"failures\": 15,"
                    + " \"failuresByClass\": {\"serialization\": 3, \"other\": 12},"
                    + " \"meanMs\": 0.0, \"p50Ms\": 0.0, \"p95Ms\": 0.0, \"p99Ms\": 0.0,"
                    + " \"p999Ms\": 0.0, \"maxMs\": 0.0}"),
        json.get("statements").get(1));
    assertEquals(4, json.get("statements").get(0).get("count").asLong());
    assertFalse(json.get("statements").get(0).has("failuresByClass"));
    SummaryFile read = SummaryFile.read(dir.resolve(SummaryJson.FILE));
    assertEquals(SummaryJson.of(MixRuns.summary("script", SCRIPT), null), read);
  }

  @Test
  void aRunOfAnotherWorkloadHasNone() throws IOException {
    SummaryJson.write(dir, MixRuns.summary("insert", PLAIN), null, UnaryOperator.identity());
    String written = Files.readString(dir.resolve(SummaryJson.FILE));
    assertFalse(written.contains("\"statements\""), written);
  }
}
