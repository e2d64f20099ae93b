package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.api.BenchmarkBuilder;
import io.txbench.api.BenchmarkResult;
import io.txbench.api.Txbench;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java API takes what the command line takes to watch a run: the metrics endpoint (its counts
 * summary.json's once the run is over, and its last scrape awaited) and the live page, on a run of
 * the embedded PostgreSQL.
 */
class WatchApiIT {
  @TempDir Path dir;

  @Test
  void aRunThroughTheApiServesItsMetricsAndItsLivePage() throws Exception {
    int metrics = Scrapes.freePort();
    int live = Scrapes.freePort();
    Path out = dir.resolve("api-watch");
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    AtomicReference<BenchmarkResult> result = new AtomicReference<>();
    BenchmarkBuilder run =
        Txbench.target("postgres")
            .embedded()
            .workload("ycsb-a")
            .option("table-size", 1000)
            .parallelism(2)
            .duration(Duration.ofSeconds(3))
            .warmup(Duration.ofSeconds(1))
            .metricsPeriod(Duration.ofMillis(500))
            .metricsEndpoint(metrics)
            .live("127.0.0.1:" + live)
            .resultDirectory(out)
            .console(new PrintStream(console, true, StandardCharsets.UTF_8));
    Thread command = new Thread(() -> result.set(run.run()), "api-run-under-test");
    command.start();
    AtomicInteger drawn = new AtomicInteger(); // the live page's highest version seen
    Thread page =
        new Thread(
            () -> {
              while (command.isAlive()) {
                drawn.accumulateAndGet(liveVersion(live), Math::max);
                java.util.concurrent.locks.LockSupport.parkNanos(20_000_000);
              }
            },
            "live-page-poller");
    page.start();
    Scrapes scrapes = Scrapes.whileAlive(command, metrics);
    page.join();
    assertTrue(drawn.get() > 0, "the live page drew no period");
    String printed = console.toString(StandardCharsets.UTF_8);
    assertTrue(printed.contains("A scrape read the final metrics."), printed);
    assertTrue(java.util.Objects.requireNonNull(result.get(), printed).iterations() > 0, printed);
    scrapes.agreeWith(out, "run_id=\"api-watch\"");
  }

  /** The live page's version now; 0 while it waits for a period, or does not answer yet. */
  private static int liveVersion(int port) {
    try {
      String json =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/live.json"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString())
              .body();
      return new ObjectMapper().readTree(json).path("version").asInt();
    } catch (java.io.IOException notYet) {
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }
}
