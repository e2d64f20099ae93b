package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.cli.options.ExitCodes;
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
    Scrapes.OfCommand scraped = Scrapes.during(Scrapes.freePort(), all.toArray(String[]::new));
    CliRun run = scraped.run();
    assertEquals(0, run.exitCode(), run.out() + run.err());
    return scraped.scrapes().agreeWith(out, "run_id=\"" + name + "\"");
  }
}
