package io.txbench.report.html;

import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.server.ServerCommits;
import io.txbench.core.telemetry.TelemetryRow;
import io.txbench.report.console.ConsoleSummary;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.ServerCsv;
import io.txbench.report.files.SummaryCommits;
import io.txbench.report.files.SummaryJson;
import io.txbench.report.files.SystemUnderTest;
import io.txbench.report.files.WarmUp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** server.csv, and the telemetry's part of summary.json and of the console's summary. */
class TelemetryReportTest {
  @TempDir Path dir;

  private static final List<String> COLUMNS =
      List.of("cpu_user_pct", "mem_used_mb", "net_rx_bytes", "server_cpu_cores", "db_xact_commit");

  @Test
  void serverCsvHasAHeaderAPointForDecimalsAndEmptyCellsForWhatWasNotMeasured() throws IOException {
    ServerCsv csv = new ServerCsv(dir);
    csv.onTelemetry(
        new TelemetryRow(1.0, 1.0, COLUMNS, Arrays.asList(12.5, 1024.0, 300L, 0.25, 97L)));
    csv.onTelemetry(
        new TelemetryRow(2.004, 1.004, COLUMNS, Arrays.asList(3.0, 1030.1, 0L, null, null)));
    csv.onEnd(FakeRuns.result(1_000, 2, new Histogram(3)));
    assertEquals(
        List.of(
            "t,period_s,cpu_user_pct,mem_used_mb,net_rx_bytes,server_cpu_cores,db_xact_commit",
            "1,1,12.5,1024,300,0.25,97",
            "2.004,1.004,3,1030.1,0,,"),
        Files.readAllLines(dir.resolve(ServerCsv.FILE)));
  }

  @Test
  void aRunThatSampledNothingHasNoServerCsv() {
    ServerCsv csv = new ServerCsv(dir);
    csv.onEnd(FakeRuns.result(1_000, 2, new Histogram(3)));
    assertFalse(Files.exists(dir.resolve(ServerCsv.FILE)));
  }

  private RunSummary summary(TelemetryFindings telemetry) {
    RunResult r = FakeRuns.result(1_000_000, 3, new Histogram(3)).withTelemetry(telemetry);
    return new RunSummary(
        "1.0",
        new SystemUnderTest(
            "postgres",
            "PostgreSQL 17",
            "driver",
            false,
            "127.0.0.1:5432",
            null,
            "airline",
            true,
            false),
        4,
        WarmUp.fixed(java.time.Duration.ZERO),
        Map.of(),
        Map.of(),
        r,
        Verification.notRun("--no-verify"),
        List.of(),
        dir.toString(),
        List.of(),
        null);
  }

  private static String console(RunSummary s) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ConsoleSummary.print(
        new PrintStream(bytes, true, StandardCharsets.UTF_8), s, UnaryOperator.identity());
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theCrossCheckIsInTheSummaryAndOneConsoleLine() throws IOException {
    ServerCommits commits =
        new ServerCommits("xact_commit", 98_017, 98_015, 2, true, "xact_commit grew by 98,031", "");
    TelemetryFindings t =
        new TelemetryFindings(
            true,
            true,
            false,
            Optional.of("no WAL bytes in server.csv: denied"),
            Optional.of(commits),
            Optional.empty());
    RunSummary s = summary(t);
    String out = console(s);
    assertTrue(
        out.contains(
            "\n  commits       Server says 98,017 commits, txbench counted 98,015 (2 in doubt).\n"),
        out);
    // The warning was the one line logged when the telemetry opened: not repeated here.
    assertFalse(out.contains("no WAL bytes"), out);
    SummaryJson.write(dir, s, null, UnaryOperator.identity());
    JsonNode json = new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE).toFile());
    assertEquals(98_017, json.get("serverCommits").get("server").asLong());
    assertEquals(98_015, json.get("serverCommits").get("counted").asLong());
    assertTrue(json.get("serverCommits").get("agrees").asBoolean());
    assertEquals("xact_commit", json.get("serverCommits").get("counter").asText());
    assertTrue(json.get("telemetry").get("server").asBoolean());
    assertFalse(json.get("telemetry").get("serverProcesses").asBoolean());
    assertEquals(
        "no WAL bytes in server.csv: denied", json.get("telemetry").get("warning").asText());
    // summary.json reads back with them
    assertEquals(
        98_017,
        requireNonNull(ResultDirectory.load(dir).summary().environment().serverCommits()).server());
  }

  @Test
  void aCheckThatDisagreesSaysWhyAndOneThatDoesNotApplySaysSo() {
    ServerCommits off =
        new ServerCommits(
            "Com_commit", 105, 100, 0, false, "Com_commit grew by 105 over the run", "");
    String out =
        console(summary(TelemetryFindings.NONE.withCommits(Optional.of(off), Optional.empty())));
    assertTrue(
        out.contains(
            "Server says 105 commits, txbench counted 100: they differ (Com_commit grew by 105 over"
                + " the run)."),
        out);
    // More than counted, with autovacuum seen meanwhile: said as the server's other work.
    ServerCommits vacuumed =
        new ServerCommits(
            "xact_commit",
            68_451,
            68_435,
            0,
            false,
            "xact_commit grew by 68,471 over the run",
            "9 autovacuum or autoanalyze run(s)");
    RunSummary withVacuum =
        summary(TelemetryFindings.NONE.withCommits(Optional.of(vacuumed), Optional.empty()));
    String busy = console(withVacuum);
    assertTrue(
        busy.contains(
            "Server says 68,451 commits, txbench counted 68,435: 16 more, committed meanwhile by"
                + " other work on the server (9 autovacuum or autoanalyze run(s)): xact_commit"
                + " grew by 68,471 over the run."),
        busy);
    assertFalse(busy.contains("they differ"), busy);
    assertEquals(
        "9 autovacuum or autoanalyze run(s)",
        SummaryCommits.of(vacuumed).otherWork(),
        "summary.json names the other work");
    String none =
        console(
            summary(
                TelemetryFindings.NONE.withCommits(
                    Optional.empty(), Optional.of("the iterations are no transactions"))));
    assertTrue(
        none.contains(
            "  commits       no cross-check with the server's count: the iterations are no"
                + " transactions\n"),
        none);
  }

  @Test
  void aResultWithoutTelemetryHasNoneOfItsFields() throws IOException {
    SummaryJson.write(dir, summary(TelemetryFindings.NONE), null, UnaryOperator.identity());
    JsonNode json = new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE).toFile());
    assertFalse(json.has("serverCommits"));
    assertFalse(json.has("telemetry"));
  }
}
