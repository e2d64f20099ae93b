package io.txbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.Verification;
import io.txbench.report.console.ConsoleSummary;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.IntervalRow;
import io.txbench.report.files.IntervalsCsv;
import io.txbench.report.files.IntervalsReader;
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
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the client used of its machine, as the result files and the console summary show it: the
 * figures measured, those not measured left out, and the warning when txbench may have limited the
 * run.
 */
class ClientFiguresTest {
  private static final String WARNING =
      "the client used 1.71 of 2 cores (86%): txbench itself may be limiting this result; run it on"
          + " another machine or with fewer threads";

  @TempDir Path dir;

  private static Histogram millis(long... values) {
    Histogram h = new Histogram(3);
    for (long v : values) {
      h.recordValue(v * 1_000_000);
    }
    return h;
  }

  private static IntervalStats period(int second, ClientUsage client) {
    Histogram h = millis(1, 2);
    return new IntervalStats(
        second * 1_000_000_000L,
        1_000_000_000L,
        h,
        h,
        0,
        0,
        0,
        0,
        client,
        4,
        false,
        Breakdown.NONE);
  }

  @Test
  void intervalsCsvHasTheClientsFiguresOfEachPeriodAndLeavesOutThoseNotMeasured()
      throws IOException {
    IntervalsCsv csv = new IntervalsCsv(dir, List.of());
    csv.onInterval(period(1, FakeRuns.usage(1_000_000_000L)));
    csv.onInterval(
        period(
            2,
            new ClientUsage(
                1_000_000_000L, 4, OptionalLong.empty(), 0, 0, OptionalDouble.empty())));
    csv.close();
    List<String> lines = Files.readAllLines(dir.resolve(IntervalsCsv.FILE));
    assertTrue(
        lines
            .get(0)
            .endsWith(
                ",declined,client_cpu_cores,client_gc_count,client_gc_ms,machine_cpu_pct,qps,"
                    + "reads_per_s,writes_per_s,others_per_s"),
        lines.get(0));
    assertTrue(lines.get(1).endsWith(",0.500,1,2,40.0,,,,"), lines.get(1));
    assertTrue(lines.get(2).endsWith(",,0,0,,,,,"), lines.get(2));
    List<IntervalRow> rows = IntervalsReader.read(dir.resolve(IntervalsCsv.FILE));
    assertEquals(OptionalDouble.of(0.5), rows.get(0).client().cpuCores());
    assertEquals(OptionalLong.of(1), rows.get(0).client().gcCount());
    assertEquals(OptionalLong.of(2), rows.get(0).client().gcMillis());
    assertEquals(OptionalDouble.of(40), rows.get(0).client().machineCpuPercent());
    assertEquals(OptionalDouble.empty(), rows.get(1).client().cpuCores());
    assertEquals(OptionalDouble.empty(), rows.get(1).client().machineCpuPercent());
  }

  @Test
  void intervalsOfVersionsBeforeTheClientsFiguresStillRead() throws IOException {
    Path file = dir.resolve(IntervalsCsv.FILE);
    Files.writeString(
        file,
        """
        t,count,tps,p50_ms,p95_ms,p99_ms,p999_ms,max_ms,retries,errors
        1.000,100,100.00,2.001,2.001,2.001,2.001,2.001,1,0
        """);
    IntervalRow row = IntervalsReader.read(file).get(0);
    assertEquals(100, row.count());
    assertEquals(0, row.outcomes().declined());
    assertEquals(OptionalDouble.empty(), row.client().cpuCores());
    assertEquals(OptionalLong.empty(), row.client().gcCount());
  }

  @Test
  void aClientFigureThatIsNotANumberIsRefusedByLine() throws IOException {
    IntervalsCsv csv = new IntervalsCsv(dir, List.of());
    csv.onInterval(period(1, FakeRuns.usage(1_000_000_000L)));
    csv.close();
    Path file = dir.resolve(IntervalsCsv.FILE);
    Files.writeString(file, Files.readString(file).replace(",0.500,", ",lots,"));
    IOException e = assertThrows(IOException.class, () -> IntervalsReader.read(file));
    assertEquals(
        file + " is corrupt: line 2: client_cpu_cores is \"lots\", not a number of 0 or more",
        e.getMessage());
  }

  private RunSummary summary(RunResult result) {
    return new RunSummary(
        "1.0",
        new SystemUnderTest(
            "postgres",
            "PostgreSQL 17",
            "PostgreSQL JDBC Driver 42.7.14",
            false,
            "127.0.0.1:5432",
            null,
            "point-select",
            false,
            false),
        2,
        WarmUp.fixed(Duration.ZERO),
        Map.of(),
        Map.of(),
        result,
        Verification.of(Map.of(), List.of()),
        List.of(),
        dir.toString(),
        List.of(),
        null);
  }

  private static String console(RunSummary summary) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ConsoleSummary.print(
        new PrintStream(bytes, true, StandardCharsets.UTF_8), summary, UnaryOperator.identity());
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theSummariesSayWhatTheClientUsedAndWarnWhenItMayHaveLimitedTheRun() throws IOException {
    // 10 s in which the client used 1.71 of 2 cores for 5,000 iterations a second.
    Histogram times = new Histogram(3);
    times.recordValueWithCount(1_000_000, 50_000);
    RunResult result =
        FakeRuns.result(
            1_700_000_000_000L,
            10,
            times,
            new ClientUsage(
                10_000_000_000L,
                2,
                OptionalLong.of(17_100_000_000L),
                7,
                42,
                OptionalDouble.of(97.4)),
            Optional.of(WARNING));
    String printed = console(summary(result));
    assertTrue(
        printed.contains(
            "\n  client cpu    1.71 cores (86% of 2), 342.0 us per iteration; gc 42 ms in 7"
                + " collection(s); machine 97% busy\n  warning       "
                + WARNING
                + "\n  results       "),
        printed);
    SummaryJson.write(dir, summary(result), null, UnaryOperator.identity());
    JsonNode client =
        new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE).toFile()).get("client");
    assertEquals(2, client.get("cores").asInt());
    assertEquals(1.71, client.get("cpuCores").asDouble());
    assertEquals(85.5, client.get("cpuPercentOfMachine").asDouble());
    assertEquals(342.0, client.get("cpuMicrosPerIteration").asDouble());
    assertEquals(7, client.get("gcCount").asLong());
    assertEquals(42, client.get("gcMillis").asLong());
    assertEquals(97.4, client.get("machineCpuPercent").asDouble());
    assertEquals(WARNING, client.get("bottleneck").asText());
  }

  @Test
  void figuresNotMeasuredAreLeftOutAndNoWarningIsNull() throws IOException {
    RunResult result =
        FakeRuns.result(
            1_700_000_000_000L,
            10,
            millis(1, 2, 3),
            new ClientUsage(10_000_000_000L, 2, OptionalLong.empty(), 0, 0, OptionalDouble.empty()),
            Optional.empty());
    String printed = console(summary(result));
    assertTrue(
        printed.contains(
            "\n  client cpu    not measured (this JVM does not report its CPU time); gc 0 ms in 0"
                + " collection(s)\n  results       "),
        printed);
    assertFalse(printed.contains("warning"), printed);
    SummaryJson.write(dir, summary(result), null, UnaryOperator.identity());
    JsonNode client =
        new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE).toFile()).get("client");
    assertEquals(List.of("cores", "gcCount", "gcMillis", "bottleneck"), fields(client));
    assertTrue(client.get("bottleneck").isNull(), client.toString());
  }

  private static List<String> fields(JsonNode node) {
    List<String> names = new java.util.ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
