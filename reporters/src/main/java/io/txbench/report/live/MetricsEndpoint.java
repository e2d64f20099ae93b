package io.txbench.report.live;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code --metrics-endpoint}: the run's figures at {@code /metrics} in Prometheus' text format and
 * OpenMetrics (as the scraper asks), by Prometheus' own Java client and its HTTP server, on a
 * registry of this endpoint's own. Every figure is read when scraped ({@link RunCollectors}).
 */
final class MetricsEndpoint implements AutoCloseable {
  private final HTTPServer server;
  private final ExecutorService threads;

  private MetricsEndpoint(HTTPServer server, ExecutorService threads) {
    this.server = server;
    this.threads = threads;
  }

  /**
   * The endpoint of {@code watch} at {@code at}, or empty, said in one line on {@code err}, when it
   * cannot serve (a port in use, an address that cannot be bound): the run goes on without it.
   */
  static Optional<MetricsEndpoint> start(ListenAddress at, RunWatch watch, PrintStream err) {
    PrometheusRegistry registry = new PrometheusRegistry();
    RunCollectors.register(registry, watch);
    // Two daemon threads: a scraper or two; they never keep the JVM up.
    ExecutorService threads =
        Executors.newFixedThreadPool(
            2,
            r -> {
              Thread t = new Thread(r, "txbench-metrics");
              t.setDaemon(true);
              return t;
            });
    try {
      HTTPServer server =
          HTTPServer.builder()
              .inetAddress(at.socket().getAddress())
              .port(at.port())
              .registry(registry)
              .executorService(threads)
              .buildAndStart();
      return Optional.of(new MetricsEndpoint(server, threads));
    } catch (IOException | RuntimeException e) {
      threads.shutdownNow();
      err.println(
          "txbench: --metrics-endpoint "
              + at
              + ": cannot serve the metrics ("
              + e.getMessage()
              + "); the run goes on without them");
      return Optional.empty();
    }
  }

  int port() {
    return server.getPort();
  }

  @Override
  public void close() {
    server.stop();
    threads.shutdownNow();
  }
}
