package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.http.FaultServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --metrics-endpoint} scraped while real runs go, on every target and both of PostgreSQL's
 * clients: the endpoint answers during the measured window, its counters only grow, and once the
 * run is over they are summary.json's to the iteration.
 */
class MetricsEndpointCliIT {
  @TempDir Path dir;

  @Test
  void postgresOnPgJdbcCountsWhatTheSummarySaysPerOperationToo() throws Exception {
    Map<String, Double> last =
        check(
            "pg-jdbc",
            "--benchmark-target",
            "postgres",
            "--embedded",
            "--workload",
            "ycsb-a",
            "--table-size",
            "1000",
            "--parallelism",
            "4");
    // Every metric the Grafana dashboard queries is one the endpoint serves.
    for (String metric : WatchFilesTest.dashboardMetrics()) {
      assertTrue(
          last.keySet().stream().anyMatch(k -> k.startsWith(metric + "{")),
          metric + " is not served: " + last.keySet());
    }
  }

  @Test
  void postgresOnTheEventLoopClientCountsWhatTheSummarySays() throws Exception {
    check(
        "pg-async",
        "--benchmark-target",
        "postgres",
        "--embedded",
        "--pg-client",
        "async",
        "--workload",
        "oltp-read-write",
        "--table-size",
        "1000",
        "--parallelism",
        "4");
  }

  @Test
  void theMongoEmulatorCountsWhatTheSummarySays() throws Exception {
    check(
        "mongo",
        "--benchmark-target",
        "mongo",
        "--embedded",
        "--workload",
        "ycsb-a",
        "--table-size",
        "1000",
        "--parallelism",
        "2");
  }

  @Test
  void anHttpServerThatFailsSomeRequestsCountsTheirErrorsByClass() throws Exception {
    try (FaultServer server =
        FaultServer.start(n -> new FaultServer.Answer(n % 5 == 0 ? 503 : 200, 0))) {
      Map<String, Double> last =
          check("http", Scrapes.httpGet(server, "--table-size", "100", "--parallelism", "4"));
      assertTrue(Scrapes.value(last, "txbench_errors_total", "error_class=\"5xx\"") > 0, "" + last);
    }
  }

  @Test
  void aValueThatIsNoAddressIsOneLineAndExitCode2() {
    for (String value : new String[] {"99999", "host:", "nine"}) {
      CliRun run = CliRun.of("--metrics-endpoint", value);
      assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
      assertEquals(1, run.err().strip().lines().count(), run.err());
      assertTrue(run.err().contains("--metrics-endpoint takes [HOST:]PORT"), run.err());
    }
  }

  @Test
  void aPortInUseIsOneLineEachAndTheRunGoesOnWithoutIt() throws Exception {
    try (java.net.ServerSocket taken =
            new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
        FaultServer server = FaultServer.start(n -> FaultServer.ok())) {
      String port = String.valueOf(taken.getLocalPort());
      CliRun run =
          CliRun.of(
              Scrapes.httpGet(
                  server,
                  "--iterations",
                  "200",
                  "--metrics-endpoint",
                  port,
                  "--live",
                  port,
                  "--output-dir",
                  dir.resolve("taken").toString()));
      assertEquals(0, run.exitCode(), run.err());
      assertEquals(2, run.err().strip().lines().count(), run.err());
      assertTrue(run.err().contains("--metrics-endpoint " + port + ": cannot serve"), run.err());
      assertTrue(run.err().contains("--live " + port + ": cannot serve"), run.err());
      assertTrue(run.out().contains("200 committed"), run.out());
    }
  }

  /**
   * Runs {@code args} for 3 s with the endpoint, and checks every scrape against the run's result
   * files; the last scrape of the run.
   */
  private Map<String, Double> check(String name, String... args) throws Exception {
    Path out = dir.resolve(name);
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(
        List.of(
            "--duration",
            "3s",
            "--warmup",
            "1s",
            "--metrics",
            "500ms",
            "--output-dir",
            out.toString()));
    Scrapes scrapes = Scrapes.during(Scrapes.freePort(), all.toArray(String[]::new));
    CliRun run = scrapes.run();
    assertEquals(0, run.exitCode(), run.out() + run.err());
    String runId = "run_id=\"" + name + "\"";
    assertTrue(
        scrapes.taken().stream()
            .anyMatch(
                s ->
                    Scrapes.in(s, "measured")
                        && Scrapes.value(s, "txbench_iterations_total", "committed", runId) > 0),
        "no scrape while the run went");
    growsOnly(scrapes, runId);
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    Map<String, Double> last = scrapes.last();
    long iterations = summary.get("iterations").asLong();
    long declined = summary.path("declined").asLong();
    assertEquals(
        iterations - declined, count(last, "txbench_iterations_total", runId, "committed"));
    assertEquals(declined, count(last, "txbench_iterations_total", runId, "\"declined\""));
    assertEquals(
        summary.get("errors").asLong(), count(last, "txbench_iterations_total", runId, "failed"));
    assertEquals(
        summary.path("inDoubt").asLong(),
        count(last, "txbench_iterations_total", runId, "in_doubt"));
    assertEquals(iterations, count(last, "txbench_response_time_seconds_count", runId));
    summary
        .path("errorsByClass")
        .properties()
        .forEach(
            e ->
                assertEquals(
                    e.getValue().asLong(),
                    count(last, "txbench_errors_total", runId, "\"" + e.getKey() + "\"")));
    summary
        .path("retriesByClass")
        .properties()
        .forEach(
            e ->
                assertEquals(
                    e.getValue().asLong(),
                    count(last, "txbench_retries_total", runId, "\"" + e.getKey() + "\"")));
    JsonNode queries = summary.path("queries");
    if (queries.isObject()) {
      assertEquals(
          queries.get("reads").asLong(),
          count(last, "txbench_statements_total", runId, "\"read\""));
      assertEquals(
          queries.get("writes").asLong(),
          count(last, "txbench_statements_total", runId, "\"write\""));
    }
    summary
        .path("operations")
        .properties()
        .forEach(
            op -> {
              String operation = "operation=\"" + op.getKey() + "\"";
              long completed =
                  count(last, "txbench_operation_iterations_total", runId, operation, "committed")
                      + count(
                          last,
                          "txbench_operation_iterations_total",
                          runId,
                          operation,
                          "\"declined\"");
              assertEquals(op.getValue().get("count").asLong(), completed, op.getKey());
              assertEquals(
                  op.getValue().get("count").asLong(),
                  count(last, "txbench_operation_response_time_seconds_count", runId, operation),
                  op.getKey());
              assertEquals(
                  op.getValue().get("errors").asLong(),
                  count(last, "txbench_operation_iterations_total", runId, operation, "failed"));
            });
    assertTrue(count(last, "txbench_client_cpu_seconds_total", runId) >= 0);
    return last;
  }

  /** Every counter of the run's is never less than in the scrape before. */
  private static void growsOnly(Scrapes scrapes, String runId) {
    Map<String, Double> before = Map.of();
    for (Map<String, Double> scrape : scrapes.taken()) {
      for (Map.Entry<String, Double> e : scrape.entrySet()) {
        Double was = before.get(e.getKey());
        if (e.getKey().contains("_total") && e.getKey().contains(runId) && was != null) {
          assertTrue(e.getValue() >= was, e.getKey() + " fell from " + was + " to " + e.getValue());
        }
      }
      before = scrape;
    }
  }

  private static long count(Map<String, Double> scrape, String name, String... labels) {
    double v = Scrapes.value(scrape, name, labels);
    if (Double.isNaN(v)) {
      throw new AssertionError("no " + name + " " + List.of(labels) + " in " + scrape.keySet());
    }
    return Math.round(v);
  }
}
