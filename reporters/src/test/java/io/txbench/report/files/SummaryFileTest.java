package io.txbench.report.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.Latencies;
import io.txbench.core.metrics.MeasuredWindow;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.OptionRole;
import io.txbench.core.spi.Verification;
import io.txbench.report.compare.RunMerger;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * summary.json as the versions before its record wrote it: the same keys, in the same order, with
 * the same values (rounded, masked), pinned in files written by the map-based writer. The mask
 * reaches the messages only (which may quote a driver): the fields txbench writes itself keep the
 * secret's word, which there is no password ({@code target: postgres} when the password is too).
 */
public class SummaryFileTest {
  private static final String SECRET = "s3cret";

  /** txbench's own sentence, which holds its name. */
  private static final String BOTTLENECK =
      "the machine's cores were 100% busy over the window (txbench 14%, other processes 86%):"
          + " run txbench on a machine of its own";

  @TempDir Path dir;

  /** A run with every kind of field filled: write failures, a verdict with a cause... */
  public static RunSummary representative(Verification verdict) {
    return representative(verdict, null);
  }

  /** The same, priced at {@code cost} an hour (null: not priced). */
  public static RunSummary representative(Verification verdict, @Nullable HourlyCost cost) {
    Map<ErrorClass, Long> retries = new EnumMap<>(ErrorClass.class);
    Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
    for (ErrorClass c : ErrorClass.values()) {
      retries.put(c, c == ErrorClass.SERIALIZATION ? 7L : 0L);
      errors.put(c, c == ErrorClass.CONNECTION ? 2L : 0L);
    }
    Map<InDoubtCause, Long> causes = new EnumMap<>(InDoubtCause.class);
    causes.put(InDoubtCause.REPLY_LOST, 2L);
    causes.put(InDoubtCause.ABANDONED, 1L);
    Histogram responses = histogram(1.234567, 2.5, 3.75, 40.1);
    RunResult result =
        new RunResult(
            new MeasuredWindow(
                Instant.parse("2026-01-01T00:00:00.123Z"),
                Instant.parse("2026-01-01T00:00:10.456789Z"),
                10_333_789_000L,
                StopReason.DURATION_ELAPSED),
            new Outcomes(1234, 3, 5, 7, 2, 1, 3, 4, retries, errors, causes),
            new Latencies(responses, histogram(0.9, 1.1), new Histogram(3)),
            new ClientUsage(
                10_333_789_000L,
                2,
                OptionalLong.of(6_400_000_000L),
                12,
                85,
                OptionalDouble.of(93.25)),
            Optional.of(BOTTLENECK),
            Breakdown.NONE,
            Map.of(),
            TelemetryFindings.NONE);
    Map<String, Object> options = new LinkedHashMap<>();
    options.put("target-database-password", "****");
    // The options as the run shows them: a URL's password masked where it stands, by its shape.
    options.put("target-database-url", "postgresql://bench:****@db:5432/bench");
    options.put("parallelism", 8);
    options.put("verify", true);
    options.put("metrics", "PT1S");
    options.put("hosts", List.of("db-1:" + SECRET, "db-2"));
    options.put("nested", Map.of("password", "****"));
    return new RunSummary(
        "1.2.3",
        new SystemUnderTest(
            "postgres",
            "PostgreSQL 17.2 " + SECRET,
            "PostgreSQL JDBC Driver 42.7.14",
            false,
            "bench:" + SECRET + "@127.0.0.1:5432",
            null,
            "airline",
            true,
            false),
        8,
        WarmUp.fixed(Duration.ofMillis(10_500)),
        options,
        Map.of(),
        result,
        verdict,
        List.of(),
        "results/airline-p8",
        List.of("cannot write errors.csv: " + SECRET),
        cost);
  }

  static Verification failed() {
    Map<String, Long> figures = new LinkedHashMap<>();
    figures.put("seats_booked", 400L);
    figures.put("seats_over_capacity", 2L);
    return Verification.of(
        figures,
        List.of("2 seats over capacity: " + SECRET),
        List.of("3 in doubt: the server holds 1 of them"));
  }

  private static Histogram histogram(double... millis) {
    Histogram h = new Histogram(3);
    for (double m : millis) {
      h.recordValue(Math.round(m * 1_000_000));
    }
    return h;
  }

  private String written(RunSummary summary, String name) throws IOException {
    Path run = Files.createDirectories(dir.resolve(name));
    SummaryJson.write(run, summary, null, s -> s.replace(SECRET, "****"));
    return Files.readString(run.resolve(SummaryJson.FILE), StandardCharsets.UTF_8);
  }

  /** A file of this package's test resources. */
  public static String pinned(String name) throws IOException {
    try (InputStream in = SummaryFileTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Two clients' runs merged, the temporary directory written as {@code DIR}. */
  private String merged() throws IOException {
    Path a = FakeRuns.write(dir.resolve("client-a"), "postgres", 1_700_000_000_000L, 3, 100, 2);
    Path b =
        FakeRuns.write(
            dir.resolve("client-b"),
            "postgres",
            1_700_000_000_200L,
            3,
            300,
            8,
            true,
            "embedded PostgreSQL on localhost:39211");
    Path out = dir.resolve("merged");
    RunMerger.merge(List.of(ResultDirectory.load(a), ResultDirectory.load(b)), out, null);
    return Files.readString(out.resolve(SummaryJson.FILE), StandardCharsets.UTF_8)
        .replace(dir.toString(), "DIR");
  }

  @Test
  void aMergedSummaryIsWrittenAsBeforeItsRecord() throws IOException {
    assertEquals(pinned("summary-merged.json"), merged());
  }

  @Test
  void aRunsSummaryIsWrittenAsBeforeItsRecord() throws IOException {
    assertEquals(pinned("summary-failed.json"), written(representative(failed()), "failed"));
    assertEquals(
        pinned("summary-not-run.json"),
        written(
            representative(Verification.notRun("cannot reach the server: " + SECRET)), "not-run"));
  }

  /**
   * The roles of the options that have one follow the options, named by their labels; the rest of
   * the file is as a summary without roles writes it, byte for byte, and reads back.
   */
  @Test
  void optionRolesFollowTheOptionsOnlyWhereAnOptionHasOne() throws IOException {
    RunSummary s = representative(failed());
    RunSummary withRoles =
        new RunSummary(
            s.toolVersion(),
            s.site(),
            s.parallelism(),
            s.warmup(),
            s.options(),
            Map.of(
                "sql-isolation-level", OptionRole.ISOLATION,
                "mongo-read-concern", OptionRole.CONSISTENCY),
            s.result(),
            s.verification(),
            s.thresholds(),
            s.resultDirectory(),
            s.writeFailures(),
            null);
    String written = written(withRoles, "roles");
    String roles =
        """
          "optionRoles" : {
            "mongo-read-concern" : "consistency",
            "sql-isolation-level" : "isolation"
          },
        """;
    assertTrue(written.contains("  },\n" + roles + "  \"resultDirectory\""), written);
    assertEquals(pinned("summary-failed.json"), written.replace(roles, ""));
    SummaryFile read = SummaryFile.read(dir.resolve("roles").resolve(SummaryJson.FILE));
    assertEquals(SummaryJson.of(withRoles, null).provenance(), read.provenance());
    assertEquals(
        Map.of(
            "mongo-read-concern", OptionRole.CONSISTENCY,
            "sql-isolation-level", OptionRole.ISOLATION),
        OptionRoles.of(read));
  }

  /**
   * A summary written before optionRoles has the roles its options had then; one that records them
   * has those alone, a role of a later version left out.
   */
  @Test
  void optionRolesAreTheSummarysOwnOrThoseOfTheOptionsBeforeThem() throws IOException {
    SummaryFile old = SummaryJson.of(representative(failed()), null);
    assertNull(old.provenance().optionRoles());
    assertEquals(
        Map.of(
            "sql-isolation-level", OptionRole.ISOLATION,
            "mongo-read-concern", OptionRole.CONSISTENCY,
            "mongo-write-concern", OptionRole.CONSISTENCY),
        OptionRoles.of(old));
    SummaryFile.Provenance p = old.provenance();
    SummaryFile recorded =
        new SummaryFile(
            old.identity(),
            old.window(),
            old.outcomes(),
            old.breakdown(),
            old.environment(),
            old.checks(),
            new SummaryFile.Provenance(
                p.options(),
                Map.of("acme-level", "isolation", "acme-mood", "a role of a later version"),
                p.setup(),
                p.overlapSeconds(),
                p.mergedFrom(),
                p.resultDirectory()));
    assertEquals(Map.of("acme-level", OptionRole.ISOLATION), OptionRoles.of(recorded));
    assertEquals(
        List.of("acme-level"),
        OptionRoles.named(recorded, java.util.EnumSet.allOf(OptionRole.class)));
  }

  @Test
  void aPasswordThatIsTheTargetsOrTheToolsNameMasksOnlyTheMessages() throws IOException {
    Path run = Files.createDirectories(dir.resolve("common-words"));
    SummaryJson.write(
        run,
        representative(failed()),
        null,
        s -> s.replace("postgres", "****").replace("txbench", "****").replace(SECRET, "****"));
    SummaryFile read = SummaryFile.read(run.resolve(SummaryJson.FILE));
    assertEquals("txbench", read.identity().tool());
    assertEquals("postgres", read.identity().target());
    assertEquals("airline", read.identity().workload());
    assertEquals(BOTTLENECK, Objects.requireNonNull(read.environment().client()).bottleneck());
    assertEquals(
        List.of("2 seats over capacity: ****"),
        Objects.requireNonNull(read.checks().verification()).anomalies());
  }

  /** The fields that may quote a driver's text are fields of the summary, by those names. */
  @Test
  void theFieldsMaskedAreTheSummarysOwnNames() {
    java.util.Set<String> fields = new java.util.TreeSet<>();
    // Every field the record has, whether a summary fills it or not.
    java.util.Arrays.stream(SummaryFile.class.getRecordComponents())
        .flatMap(part -> java.util.Arrays.stream(part.getType().getRecordComponents()))
        .forEach(field -> fields.add(field.getName()));
    assertTrue(fields.containsAll(SummaryFile.QUOTING), fields.toString());
  }

  @Test
  void whatIsWrittenReadsBackAsTheSameRecord() throws IOException {
    for (Verification verdict : List.of(failed(), Verification.notRun("--no-verify"))) {
      RunSummary summary = representative(verdict);
      Path run = Files.createDirectories(dir.resolve(verdict.status().name()));
      SummaryJson.write(run, summary, null, UnaryOperator.identity());
      assertEquals(SummaryJson.of(summary, null), SummaryFile.read(run.resolve(SummaryJson.FILE)));
    }
  }

  @Test
  void aMergedSummaryReadsBackAndIsWrittenAgainAsItWas() throws IOException {
    String merged = merged();
    SummaryFile read = SummaryFile.read(dir.resolve("merged").resolve(SummaryJson.FILE));
    Path again = Files.createDirectories(dir.resolve("again")).resolve(SummaryJson.FILE);
    read.write(again, UnaryOperator.identity());
    assertEquals(merged, Files.readString(again).replace(dir.toString(), "DIR"));
  }

  /** A run stopped before its window opened says so; every other run is measured. */
  @Test
  void aRunStoppedBeforeMeasuringIsMarked() throws IOException {
    Path stopped = FakeRuns.stoppedBeforeMeasuring(dir.resolve("stopped"), "postgres", 1_000);
    assertTrue(
        Files.readString(stopped.resolve(SummaryJson.FILE))
            .contains("\"stoppedBeforeMeasuring\" : true"));
    assertFalse(SummaryFile.read(stopped.resolve(SummaryJson.FILE)).measured());
    Path measured = FakeRuns.write(dir.resolve("measured"), "postgres", 1_000, 2, 10, 1);
    assertTrue(SummaryFile.read(measured.resolve(SummaryJson.FILE)).measured());
  }

  @Test
  void aSummaryOfAnOlderVersionReadsWithoutTheFieldsItLacks() throws IOException {
    Path file = Files.createDirectories(dir.resolve("old")).resolve(SummaryJson.FILE);
    Files.writeString(
        file,
        "{\"target\": \"postgres\", \"serverVersion\": \"PostgreSQL 16\","
            + " \"workload\": \"insert\", \"parallelism\": 4, \"start\": \"2025-01-01T00:00:00Z\","
            + " \"end\": \"2025-01-01T00:00:30Z\", \"measuredSeconds\": 30.0, \"iterations\": 90,"
            + " \"tps\": 3.0, \"retries\": 0, \"errors\": 0, \"responseTimeMs\": {\"p50\": 1.0,"
            + " \"p95\": 1.5, \"p99\": 2.0, \"p999\": 3.0, \"max\": 4.0, \"p9999\": 5.0}, \"dropped\": 1}");
    SummaryFile old = SummaryFile.read(file);
    assertEquals(90, old.outcomes().iterations());
    assertEquals(2.0, old.breakdown().responseTimeMs().p99());
    assertNull(old.identity().embedded());
    assertNull(old.identity().server());
    assertNull(old.outcomes().declined());
    assertNull(old.window().warmupSeconds());
    assertEquals("skipped", old.verdict());
    assertEquals(Optional.empty(), old.metricsPeriod());
  }

  @Test
  void aFieldThatDoesNotFitTheRecordIsRefusedByNameInOneLine() throws IOException {
    Path run = Files.createDirectories(dir.resolve("run"));
    SummaryJson.write(run, representative(failed()), null, UnaryOperator.identity());
    Path file = run.resolve(SummaryJson.FILE);
    Files.writeString(
        file, Files.readString(file).replace("\"skipped\" : 4", "\"skipped\" : \"four\""));
    IOException e = assertThrows(IOException.class, () -> SummaryFile.read(file));
    String message = Objects.requireNonNull(e.getMessage());
    assertEquals(
        file + " is corrupt: \"skipped\" is \"four\", not a whole number of 0 or more", message);
    assertEquals(1, message.lines().count(), message);
  }

  /** What the server told is quoted whatever its sign; txbench's own figures are 0 or more. */
  @Test
  void aNegativeFigureIsReadOnlyWhereTheServerToldIt() throws IOException {
    Path run = Files.createDirectories(dir.resolve("run"));
    SummaryJson.write(run, representative(failed()), null, UnaryOperator.identity());
    Path file = run.resolve(SummaryJson.FILE);
    String written = Files.readString(file);
    Files.writeString(file, written.replace("\"seats_booked\" : 400", "\"seats_booked\" : -400"));
    assertEquals(
        -400L,
        Objects.requireNonNull(
                Objects.requireNonNull(SummaryFile.read(file).checks().verification()).figures())
            .get("seats_booked"));
    Files.writeString(file, written.replace("\"skipped\" : 4", "\"skipped\" : -4"));
    IOException e = assertThrows(IOException.class, () -> SummaryFile.read(file));
    assertEquals(
        file + " is corrupt: \"skipped\" is -4, not a whole number of 0 or more", e.getMessage());
  }
}
