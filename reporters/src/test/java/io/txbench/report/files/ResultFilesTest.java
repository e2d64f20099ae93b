package io.txbench.report.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Latencies;
import io.txbench.core.metrics.LatencyRecorder;
import io.txbench.core.metrics.MeasuredWindow;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.Verification;
import io.txbench.report.console.ConsoleSummary;
import io.txbench.report.console.ProgressLine;
import io.txbench.report.console.VerdictText;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {
  @TempDir Path dir;

  private static Histogram histogram(long... millis) {
    Histogram h = LatencyRecorder.newHistogram();
    h.setStartTimeStamp(1_000);
    h.setEndTimeStamp(2_000);
    for (long m : millis) {
      h.recordValue(m * 1_000_000);
    }
    return h;
  }

  private static IntervalStats interval(int second, Histogram h, long retries, boolean last) {
    return new IntervalStats(
        second * 1_000_000_000L,
        1_000_000_000L,
        h,
        h,
        retries,
        0,
        last ? 2 : 0,
        last ? 1 : 0,
        FakeRuns.usage(1_000_000_000L),
        4,
        last,
        Breakdown.NONE);
  }

  @Test
  void overwriteRemovesTheFilesAnEarlierVersionWroteAndNothingElse() throws IOException {
    Path run = Files.createDirectories(dir.resolve("old-run"));
    Files.writeString(run.resolve("errors.csv"), "t,count\n");
    Files.writeString(run.resolve("service-time.csv"), "t,count\n");
    Files.writeString(run.resolve("notes.txt"), "mine");
    assertTrue(ResultFiles.holdARun(run), "an earlier version's files are a run's");
    ResultFiles.makeRoom(run, true);
    assertFalse(Files.exists(run.resolve("errors.csv")));
    assertFalse(Files.exists(run.resolve("service-time.csv")));
    assertTrue(Files.exists(run.resolve("notes.txt")), "a file not txbench's is left alone");
  }

  @Test
  void progressLineReadsLikeSysbench() {
    String line = printed(interval(10, histogram(1, 2, 3, 4), 2, false));
    assertEquals(
        "[ 10s ] thds: 4 tps: 4.00 lat (ms,95%): 4.00 err/s: 0.00 retries/s: 2.00 period: 1.00s",
        line);
    assertTrue(
        printed(interval(11, histogram(1), 0, true))
            .endsWith(" retries/s: 0.00 period: 1.00s declined/s: 1.00 in-doubt: 2"));
  }

  @Test
  void periodsShorterThanASecondAreLabelledToATenth() {
    Histogram h = histogram(1, 2);
    IntervalStats fifth =
        new IntervalStats(
            1_400_000_000L,
            200_000_000L,
            h,
            h,
            0,
            0,
            0,
            0,
            FakeRuns.usage(200_000_000L),
            4,
            false,
            Breakdown.NONE);
    // Whole seconds would label 1.2 s, 1.4 s and 1.6 s all "1s" or "2s".
    assertTrue(printed(fifth).startsWith("[ 1.4s ] thds: 4 tps: 10.00 "), printed(fifth));
  }

  /** A tick that came late: the line says the 0.62 s it measured, and its rates are over them. */
  @Test
  void theLineSaysThePeriodItMeasuredAndItsRatesAreOverIt() {
    Histogram h = histogram(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20);
    IntervalStats late =
        new IntervalStats(
            5_620_000_000L,
            620_000_000L,
            h,
            h,
            0,
            0,
            0,
            0,
            FakeRuns.usage(620_000_000L),
            4,
            false,
            Breakdown.NONE);
    String line = printed(late);
    assertTrue(line.startsWith("[ 5.6s ] thds: 4 tps: 32.26 "), line);
    assertTrue(line.endsWith(" period: 0.62s"), line);
  }

  @Test
  void intervalsCsvHasOneRowPerPeriodWithThatPeriodsFigures() throws IOException {
    IntervalsCsv csv = new IntervalsCsv(dir, List.of());
    csv.onInterval(interval(1, histogram(10, 20, 30), 1, false));
    csv.onInterval(interval(2, histogram(100), 0, true));
    csv.onEnd(FakeRuns.result(0, 1, new Histogram(3)));
    try (Reader in = Files.newBufferedReader(dir.resolve(IntervalsCsv.FILE))) {
      List<CSVRecord> rows =
          CSVFormat.DEFAULT
              .builder()
              .setHeader()
              .setSkipHeaderRecord(true)
              .get()
              .parse(in)
              .getRecords();
      assertEquals(2, rows.size());
      assertEquals(IntervalColumns.FIXED, rows.get(0).getParser().getHeaderNames());
      assertEquals("3", rows.get(0).get("count"));
      assertEquals("3.00", rows.get(0).get("tps"));
      assertEquals(20.0, Double.parseDouble(rows.get(0).get("p50_ms")), 0.05);
      assertEquals("1", rows.get(0).get("retries"));
      assertEquals(100.0, Double.parseDouble(rows.get(1).get("max_ms")), 0.1);
      assertEquals("0", rows.get(0).get("in_doubt"));
      assertEquals("2", rows.get(1).get("in_doubt"));
      assertEquals("0", rows.get(0).get("declined"));
      assertEquals("1", rows.get(1).get("declined"));
    }
  }

  @Test
  void histogramLogRoundTripsAndMergesExactly() throws IOException {
    HistogramLog log = new HistogramLog(dir, false);
    log.onStart(1_700_000_000_000L, 4);
    log.onInterval(interval(1, histogram(1, 2, 3), 0, false));
    log.onInterval(interval(2, histogram(4, 5), 0, true));
    log.onEnd(FakeRuns.result(0, 1, new Histogram(3)));
    HistogramLogReader reader = new HistogramLogReader(dir.resolve(HistogramLog.FILE).toFile());
    Histogram merged = new Histogram(3);
    int intervals = 0;
    for (EncodableHistogram h = reader.nextIntervalHistogram();
        h != null;
        h = reader.nextIntervalHistogram()) {
      merged.add((Histogram) h);
      intervals++;
    }
    assertEquals(2, intervals);
    assertEquals(5, merged.getTotalCount());
    assertEquals(5_000_000, (double) merged.getMaxValue(), 5_000);
    assertEquals(1_700_000_000.0, reader.getStartTimeSec(), 0.001);
  }

  @Test
  void dropwizardCsvFilesKeepTheirFormat() throws IOException {
    Metrics metrics = new Metrics(true, List.of(), List.of());
    metrics.recordCommit(3_000_000, 3_000_000, false);
    metrics.recordRetry(ErrorClass.DEADLOCK);
    Histogram period = metrics.sampleInterval().responseTimes();
    DropwizardReporters.csv(metrics, dir).onInterval(interval(1, period, 1, false));
    List<String> timer = Files.readAllLines(dir.resolve("response-time.csv"));
    assertEquals(
        "t,count,max,mean,min,stddev,p50,p75,p95,p98,p99,p999,mean_rate,m1_rate,"
            + "m5_rate,m15_rate,rate_unit,duration_unit",
        timer.get(0));
    assertTrue(timer.get(1).contains(",1,3.0"), timer.get(1));
    assertTrue(timer.get(1).endsWith("calls/second,milliseconds"), timer.get(1));
    List<String> retries = Files.readAllLines(dir.resolve("retries.csv"));
    assertEquals("t,count,mean_rate,m1_rate,m5_rate,m15_rate,rate_unit", retries.get(0));
    assertTrue(retries.get(1).split(",", -1)[1].equals("1"), retries.get(1));
    assertTrue(Files.exists(dir.resolve("iterations.csv")));
    assertTrue(Files.exists(dir.resolve("skipped.csv")));
    // declined, errors and in-doubt are intervals.csv's columns, not files of their own.
    assertFalse(Files.exists(dir.resolve("errors.csv")));
    // A run into the same directory deletes every file of the last one: it must know them all.
    try (java.util.stream.Stream<java.nio.file.Path> files = Files.list(dir)) {
      files
          .map(f -> f.getFileName().toString())
          .forEach(
              name ->
                  assertTrue(
                      ResultFiles.NAMES.contains(name), name + " is not in ResultFiles.NAMES"));
    }
  }

  @Test
  void summaryJsonCarriesTotalsPercentilesAndVerification() throws IOException {
    Map<ErrorClass, Long> none = new EnumMap<>(ErrorClass.class);
    for (ErrorClass c : ErrorClass.values()) {
      none.put(c, 0L);
    }
    Map<InDoubtCause, Long> causes = new EnumMap<>(InDoubtCause.class);
    causes.put(InDoubtCause.REPLY_LOST, 2L);
    causes.put(InDoubtCause.ABANDONED, 0L);
    RunResult result =
        new RunResult(
            new MeasuredWindow(
                Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2026-01-01T00:00:10Z"),
                10_000_000_000L,
                StopReason.DURATION_ELAPSED),
            new Outcomes(4, 1, 1, 0, 0, 0, 2, 0, none, none, causes),
            new Latencies(histogram(10, 20, 30, 40), histogram(10, 20, 30, 40), histogram()),
            FakeRuns.usage(10_000_000_000L),
            Optional.empty(),
            Breakdown.NONE,
            Map.of(),
            TelemetryFindings.NONE);
    RunSummary summary =
        new RunSummary(
            "1.0",
            new SystemUnderTest(
                "postgres",
                "PostgreSQL 17",
                "PostgreSQL JDBC Driver 42.7.14",
                false,
                "127.0.0.1:5432",
                null,
                "airline",
                true,
                false),
            8,
            WarmUp.fixed(java.time.Duration.ofSeconds(10)),
            Map.of("target-database-password", "****"),
            Map.of(),
            result,
            Verification.of(
                Map.of("seats", 5L), List.of(), List.of("2 in doubt: the server holds 1 of them")),
            List.of(),
            dir.toString(),
            List.of(),
            null);
    SummaryJson.write(dir, summary, null, UnaryOperator.identity());
    JsonNode json =
        new ObjectMapper()
            .readTree(Files.readString(dir.resolve(SummaryJson.FILE), StandardCharsets.UTF_8));
    assertEquals(4, json.get("iterations").asLong());
    assertEquals(1, json.get("iterationsAfterWindow").asLong());
    assertEquals(0.3, json.get("tps").asDouble(), 1e-9); // the 3 committed in the window
    assertEquals(2, json.get("inDoubt").asLong());
    assertEquals(2, json.get("inDoubtByCause").get("reply-lost").asLong());
    assertEquals(1, json.get("declined").asLong());
    java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();
    ConsoleSummary.print(
        new java.io.PrintStream(console, true, StandardCharsets.UTF_8),
        summary,
        UnaryOperator.identity());
    assertTrue(
        console.toString(StandardCharsets.UTF_8).contains("\n  declined      1 of them ("),
        console.toString(StandardCharsets.UTF_8));
    assertEquals("passed", json.get("verification").get("status").asText());
    assertEquals(
        "2 in doubt: the server holds 1 of them",
        json.get("verification").get("notes").get(0).asText());
    assertTrue(json.get("resultFilesComplete").asBoolean());
    for (String key : List.of("p50", "p75", "p90", "p95", "p99", "p999", "max")) {
      assertTrue(json.get("responseTimeMs").has(key), key);
    }
    assertEquals(40.0, json.get("responseTimeMs").get("max").asDouble(), 0.05);
    assertTrue(json.get("verification").get("passed").asBoolean());
    assertEquals("****", json.get("options").get("target-database-password").asText());
  }

  @Test
  void aVerifyThatCouldNotRunSaysWhyAndAReplacedSummaryIsNeverHalfWritten() throws IOException {
    Map<ErrorClass, Long> none = new EnumMap<>(ErrorClass.class);
    for (ErrorClass c : ErrorClass.values()) {
      none.put(c, 0L);
    }
    Map<InDoubtCause, Long> causes = new EnumMap<>(InDoubtCause.class);
    RunResult result =
        new RunResult(
            new MeasuredWindow(
                Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2026-01-01T00:00:06Z"),
                6_000_000_000L,
                StopReason.DURATION_ELAPSED),
            new Outcomes(10, 0, 0, 0, 50, 0, 0, 0, none, none, causes),
            new Latencies(histogram(1), histogram(1), histogram()),
            FakeRuns.usage(10_000_000_000L),
            Optional.empty(),
            Breakdown.NONE,
            Map.of(),
            TelemetryFindings.NONE);
    RunSummary summary =
        new RunSummary(
            "1.0",
            new SystemUnderTest(
                "postgres",
                "PostgreSQL 17",
                "PostgreSQL JDBC Driver 42.7.14",
                false,
                "127.0.0.1:5432",
                null,
                "insert",
                false,
                false),
            8,
            WarmUp.fixed(java.time.Duration.ZERO),
            Map.of(),
            Map.of(),
            result,
            Verification.notRun("verify had not finished"),
            List.of(),
            dir.toString(),
            List.of(),
            null);
    SummaryJson.write(dir, summary, null, UnaryOperator.identity());
    SummaryJson.write(
        dir,
        summary.withVerdicts(
            Verification.notRun("cannot reach the server: Connection refused"), List.of()),
        null,
        UnaryOperator.identity());
    JsonNode json = new ObjectMapper().readTree(dir.resolve(SummaryJson.FILE).toFile());
    assertEquals("not run", json.get("verification").get("status").asText());
    assertEquals(
        "cannot reach the server: Connection refused",
        json.get("verification").get("cause").asText());
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(SummaryJson.FILE), files.map(p -> p.getFileName().toString()).toList());
    }
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    java.io.PrintStream out = new java.io.PrintStream(bytes, true, StandardCharsets.UTF_8);
    VerdictText.printVerification(out, summary.verification(), UnaryOperator.identity());
    assertEquals(
        "  verification  not run (verify had not finished)",
        bytes.toString(StandardCharsets.UTF_8).stripTrailing());
  }

  /** A clock that moves only when told, so that two reporters read the same rates. */
  private static final class ManualClock extends com.codahale.metrics.Clock {
    long nanos = 1_000_000_000L;

    @Override
    public long getTick() {
      return nanos;
    }

    @Override
    public long getTime() {
      return 1_700_000_000_000L + nanos / 1_000_000;
    }
  }

  @Test
  void metricsCsvMatchesDropwizardsCsvReporterByteForByte() throws IOException {
    ManualClock clock = new ManualClock();
    com.codahale.metrics.MetricRegistry registry = new com.codahale.metrics.MetricRegistry();
    com.codahale.metrics.Meter meter =
        registry.register("iterations", new com.codahale.metrics.Meter(clock));
    com.codahale.metrics.Timer timer =
        registry.register(
            "response-time",
            new com.codahale.metrics.Timer(new com.codahale.metrics.UniformReservoir(), clock));
    Path theirs = Files.createDirectories(dir.resolve("theirs"));
    Path ours = Files.createDirectories(dir.resolve("ours"));
    com.codahale.metrics.CsvReporter reporter =
        com.codahale.metrics.CsvReporter.forRegistry(registry)
            .formatFor(java.util.Locale.US)
            .convertRatesTo(java.util.concurrent.TimeUnit.SECONDS)
            .convertDurationsTo(java.util.concurrent.TimeUnit.MILLISECONDS)
            .withClock(clock)
            .build(theirs.toFile());
    MetricsCsv csv = new MetricsCsv(registry, ours, clock);
    for (int period = 0; period < 3; period++) {
      for (int i = 0; i < 100; i++) {
        meter.mark();
        timer.update(1_000_000L + i * 37_000L, java.util.concurrent.TimeUnit.NANOSECONDS);
      }
      clock.nanos += 5_000_000_000L;
      reporter.report();
      csv.onInterval(interval(1, new Histogram(3), 0, false));
    }
    csv.onEnd(FakeRuns.result(0, 1, new Histogram(3)));
    for (String file : List.of("iterations.csv", "response-time.csv")) {
      assertEquals(
          Files.readString(theirs.resolve(file)), Files.readString(ours.resolve(file)), file);
    }
  }

  @Test
  void aMetricsCsvThatCannotWriteSaysWhichFileAndWhy() throws IOException {
    Metrics metrics = new Metrics(true, List.of(), List.of());
    metrics.recordCommit(1_000_000, 1_000_000, false);
    Files.createSymbolicLink(dir.resolve("iterations.csv"), Path.of("/dev/full"));
    MetricsCsv csv = new MetricsCsv(new DropwizardMetrics(metrics).registry(), dir);
    java.io.UncheckedIOException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            java.io.UncheckedIOException.class,
            () -> csv.onInterval(interval(1, new Histogram(3), 0, false)));
    assertTrue(
        String.valueOf(e.getMessage()).startsWith("cannot write " + dir.resolve("iterations.csv")),
        e.getMessage());
    assertTrue(String.valueOf(e.getMessage()).contains("No space left on device"), e.getMessage());
  }

  /** The line a new progress line prints for the period {@code s}. */
  private static String printed(IntervalStats s) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    new ProgressLine(new PrintStream(bytes, true, StandardCharsets.UTF_8), "").onInterval(s);
    return bytes.toString(StandardCharsets.UTF_8).stripTrailing();
  }
}
