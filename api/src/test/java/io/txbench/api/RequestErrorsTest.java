package io.txbench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.workloads.MixKind;
import io.txbench.core.workloads.PointSelect;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the API refuses, in one line naming the setting, before or instead of a run. */
class RequestErrorsTest {

  private static String refused(Runnable request) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, request::run);
    String message = java.util.Objects.requireNonNull(e.getMessage());
    assertFalse(message.contains("\n"), message);
    return message;
  }

  @Test
  void settingsOutOfRangeAreRefusedAtOnce() {
    assertEquals(
        "parallelism: must be between 1 and 4,096, not 0",
        refused(() -> Txbench.target("postgres").parallelism(0)));
    assertTrue(refused(() -> Txbench.target("postgres").iterations(0)).startsWith("iterations:"));
    assertTrue(
        refused(() -> Txbench.target("postgres").duration(Duration.ZERO)).startsWith("duration:"));
    assertTrue(
        refused(() -> Txbench.target("postgres").warmup(Duration.ofSeconds(-1)))
            .startsWith("warmup:"));
    assertTrue(refused(() -> Txbench.target("postgres").port(70000)).startsWith("port:"));
    assertTrue(refused(() -> Txbench.postgres(" ")).startsWith("url:"));
    assertTrue(refused(() -> Txbench.target("postgres").rate(0)).startsWith("rate:"));
  }

  @Test
  void theWatchSettingsAreRefusedAsTheCommandLineRefusesThem() {
    assertTrue(
        refused(() -> Txbench.target("postgres").metricsEndpoint("99999"))
            .startsWith("metricsEndpoint: takes [HOST:]PORT"));
    assertTrue(
        refused(() -> Txbench.target("postgres").live("host:"))
            .startsWith("live: takes [HOST:]PORT"));
    assertTrue(
        refused(() -> Txbench.target("postgres").metricsLinger(Duration.ofMinutes(11)))
            .startsWith("metricsLinger: "));
    // Before anything connects: the page is drawn from the result files.
    assertTrue(refused(() -> Txbench.target("postgres").live(0).run()).startsWith("live: "));
  }

  /**
   * The builder checks the command line's ranges (core's Limits), in the command line's words: each
   * bound is taken and the value just past it refused.
   */
  @Test
  void theRangesAreTheCommandLines() {
    BenchmarkBuilder b = Txbench.target("postgres");
    b.parallelism(4096).maxRetries(1000).rate(10_000_000).warmup(Duration.ofHours(24));
    b.connectionWaitTimeout(Duration.ofHours(1)).metricsPeriod(Duration.ofMillis(100));
    assertEquals(
        "parallelism: must be between 1 and 4,096, not 4097", refused(() -> b.parallelism(4097)));
    assertEquals(
        "maxRetries: must be between 0 and 1,000, not 1001", refused(() -> b.maxRetries(1001)));
    assertEquals(
        "rate: must be between 0.001 and 10000000, not 0.0009", refused(() -> b.rate(0.0009)));
    assertEquals(
        "warmup: must be between 0 and 24h, not 86401s",
        refused(() -> b.warmup(Duration.ofHours(24).plusSeconds(1))));
    assertEquals(
        "connectionWaitTimeout: must be between 100ms and 1h, not 99ms",
        refused(() -> b.connectionWaitTimeout(Duration.ofMillis(99))));
    assertEquals(
        "metricsPeriod: must be between 100ms and 1h, not 99ms",
        refused(() -> b.metricsPeriod(Duration.ofMillis(99))));
    assertEquals("maxErrors: must be 0 or more, not -1", refused(() -> b.maxErrors(-1)));
    b.costPerHour(0).costPerHour(1_000_000);
    assertEquals(
        "costPerHour: must be between 0 and 1000000, not -0.01",
        refused(() -> b.costPerHour(-0.01)));
    assertEquals(
        "costPerHour: must be between 0 and 1000000, not NaN",
        refused(() -> b.costPerHour(Double.NaN)));
    assertEquals(
        "costPerHour: must be between 0 and 1000000, not 1000000.01",
        refused(() -> b.costPerHour(1_000_000.01)));
  }

  /** The command line's rule in its words: a run is timed or counted, not both. */
  @Test
  void aDurationAndACountOfIterationsExcludeEachOtherAsOnTheCommandLine() {
    String both = "--duration and --iterations exclude each other: give one";
    assertEquals(
        both,
        refused(() -> Txbench.target("postgres").duration(Duration.ofSeconds(5)).iterations(20)));
    assertEquals(
        both,
        refused(() -> Txbench.target("postgres").iterations(20).duration(Duration.ofSeconds(5))));
  }

  /**
   * A URL of another target is refused before connecting: nothing listens on port 1, so a
   * connection would end in a BenchmarkException, not in this refusal.
   */
  @Test
  void aUrlOfAnotherTargetIsRefusedBeforeConnecting() {
    assertEquals(
        "url: jdbc:mysql://127.0.0.1:1/txbench?user=root&password=**** is a mysql URL; the"
            + " postgres target takes jdbc:postgresql://...",
        refused(
            () ->
                Txbench.postgres("jdbc:mysql://127.0.0.1:1/txbench?user=root&password=S3cret-q7")
                    .run()));
    assertEquals(
        "url: jdbc:postgresql://127.0.0.1:1/postgres is a postgres URL; the mysql target takes"
            + " jdbc:mysql://... or jdbc:mariadb://...",
        refused(() -> Txbench.mysql("jdbc:postgresql://127.0.0.1:1/postgres").run()));
    assertEquals(
        "url: jdbc:mariadb://127.0.0.1:1/txbench is a mysql URL; the mongo target takes"
            + " mongodb://... or mongodb+srv://...",
        refused(() -> Txbench.mongo("jdbc:mariadb://127.0.0.1:1/txbench").run()));
    assertEquals(
        "url: mongodb://u:****@127.0.0.1:1/txbench is a mongo URL; the postgres target takes"
            + " jdbc:postgresql://...",
        refused(() -> Txbench.postgres("mongodb://u:S3cret-q7@127.0.0.1:1/txbench").run()));
  }

  @Test
  void aThresholdThatDoesNotParseIsRefusedAtOnceNamingIt() {
    String message = refused(() -> Txbench.target("postgres").threshold("p99<20"));
    assertTrue(message.contains("p99<20"), message);
    assertTrue(refused(() -> Txbench.target("postgres").threshold("speed>3")).contains("speed>3"));
  }

  /** A mix's operations are known from its options: a threshold on another is refused. */
  @Test
  void aThresholdOnAnOperationTheMixDoesNotHaveIsRefusedBeforeConnecting() {
    OptionValues mix = OptionValues.defaults(); // point-select=95,update=5
    assertEquals(
        "threshold 'insert.p99<1ms': no operation 'insert' in this run; its operations:"
            + " point-select, update",
        refused(() -> Thresholds.parse("insert.p99<1ms", true, new MixKind(), mix)));
    assertEquals(
        "update",
        Thresholds.parse("Update.p99<1ms", true, new MixKind(), mix).operation().orElseThrow());
    // A workload that is no mix has no operation to name.
    assertEquals(
        "threshold 'insert.p99<1ms': no operation 'insert' in this run: its workload is no mix"
            + " (its iterations are not told apart)",
        refused(() -> Thresholds.parse("insert.p99<1ms", true, new PointSelect(), mix)));
  }

  @Test
  void anUnknownTargetWorkloadOrOptionIsRefusedBeforeConnecting() {
    assertTrue(refused(() -> Txbench.target("oracle").run()).contains("unknown target 'oracle'"));
    assertTrue(
        refused(() -> Txbench.target("postgres").workload("tpcc").run())
            .contains("unknown workload 'tpcc'"));
    String option = refused(() -> Txbench.target("postgres").option("day-rnage", 3).run());
    assertTrue(option.contains("day-rnage") && option.contains("day-range"), option);
    String value =
        refused(
            () ->
                Txbench.target("postgres").workload("point-select").option("table-size", -5).run());
    assertTrue(value.startsWith("option 'table-size':"), value);
    assertTrue(
        refused(() -> Txbench.target("postgres").option("mongo-read-concern", "local").run())
            .contains("mongo-read-concern"));
  }

  /** A mistyped option or workload gets the command line's "did you mean". */
  @Test
  void aMistypedOptionOrWorkloadGetsADidYouMean() {
    assertEquals(
        "option 'tabel-size': neither postgres nor point-select takes it; did you mean"
            + " table-size?",
        refused(
            () ->
                Txbench.target("postgres").workload("point-select").option("tabel-size", 5).run()));
    assertTrue(
        refused(() -> Txbench.target("postgres").workload("point_select").run())
            .endsWith("; did you mean point-select?"));
  }

  @Test
  void aVerificationThresholdWithoutVerifyCouldNeverPass() {
    assertTrue(
        refused(() -> Txbench.target("postgres").threshold("verification").noVerify().run())
            .contains("verification"));
  }

  @Test
  void theEmbeddedServerExcludesAUrl() {
    assertTrue(
        refused(() -> Txbench.postgres("jdbc:postgresql://localhost/x").embedded().run())
            .startsWith("embedded:"));
  }

  @Test
  void aResultDirectoryHoldingARunIsRefusedBeforeConnecting(@TempDir Path directory)
      throws IOException {
    Files.writeString(directory.resolve("summary.json"), "{}");
    String message =
        refused(
            () ->
                Txbench.postgres("jdbc:postgresql://localhost:1/x")
                    .resultDirectory(directory)
                    .run());
    assertTrue(message.startsWith("resultDirectory:"), message);
  }

  @Test
  void aResultDirectoryThatCannotBeMadeIsNamed(@TempDir Path directory) throws IOException {
    Path file = Files.writeString(directory.resolve("a-file"), "");
    String message =
        refused(
            () ->
                Txbench.postgres("jdbc:postgresql://localhost:1/x")
                    .resultDirectory(file.resolve("run"))
                    .run());
    assertTrue(
        message.matches(
            "resultDirectory: cannot create "
                + Pattern.quote(file.resolve("run").toString())
                + ": (?i)not a directory"),
        message);
  }

  @Test
  void aServerThatIsNotThereIsABenchmarkExceptionInOneLine() throws IOException {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    int closed = port;
    BenchmarkException e =
        assertThrows(
            BenchmarkException.class,
            () ->
                Txbench.postgres("jdbc:postgresql://127.0.0.1:" + closed + "/postgres")
                    .connectionWaitTimeout(Duration.ofSeconds(1))
                    .iterations(10)
                    .run());
    assertFalse(String.valueOf(e.getMessage()).contains("\n"), e.getMessage());
    assertTrue(String.valueOf(e.getMessage()).contains(String.valueOf(closed)), e.getMessage());
  }
}
