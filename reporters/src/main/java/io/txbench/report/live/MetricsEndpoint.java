package io.txbench.report.live;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * {@code --metrics-endpoint}: the run's figures at {@code /metrics} in Prometheus' text format and
 * OpenMetrics (as the scraper asks), by Prometheus' own Java client and its HTTP server, on a
 * registry of this endpoint's own. Every figure is read when scraped ({@link RunCollectors}). Once
 * the command is over it can {@link #linger} until a scrape has read the final figures.
 */
final class MetricsEndpoint implements AutoCloseable {
  /** Set on a scrape's thread when it read the final figures; acted on once it answered. */
  private final ThreadLocal<Boolean> readTheEnd = ThreadLocal.withInitial(() -> false);

  private final CountDownLatch lingerOver = new CountDownLatch(1);
  private volatile boolean lingering;
  private volatile boolean scrapedAtTheEnd;

  /** Two daemon threads: a scraper or two; they never keep the JVM up. */
  private final ThreadPoolExecutor threads =
      new ThreadPoolExecutor(
          2,
          2,
          0,
          TimeUnit.MILLISECONDS,
          new LinkedBlockingQueue<>(),
          LivePage.daemons("txbench-metrics")) {
        @Override
        protected void afterExecute(Runnable exchange, @Nullable Throwable thrown) {
          if (readTheEnd.get()) {
            readTheEnd.remove();
            scrapedAtTheEnd = true;
            lingerOver.countDown();
          }
        }
      };

  private final HTTPServer server;

  private MetricsEndpoint(ListenAddress at, RunWatch watch) throws IOException {
    PrometheusRegistry registry = new PrometheusRegistry();
    RunCollectors.register(registry, watch);
    try {
      server =
          HTTPServer.builder()
              .inetAddress(at.socket().getAddress())
              .port(at.port())
              .registry(registry)
              .executorService(threads)
              .buildAndStart();
    } catch (IOException | RuntimeException e) {
      threads.shutdownNow();
      throw e;
    }
  }

  /**
   * The endpoint of {@code watch} at {@code at}, or empty, said in one line on {@code err}, when it
   * cannot serve (a port in use, an address that cannot be bound): the run goes on without it.
   */
  static Optional<MetricsEndpoint> start(ListenAddress at, RunWatch watch, PrintStream err) {
    try {
      return Optional.of(new MetricsEndpoint(at, watch));
    } catch (IOException | RuntimeException e) {
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

  /** A scrape is reading the figures: once the command is over, they are the final ones. */
  void scraping() {
    if (lingering) {
      readTheEnd.set(true);
    }
  }

  /**
   * Waits, {@code most} at most, until a scrape has read the final figures and been answered, or
   * {@link #stopLingering} is called; whether a scrape did.
   */
  boolean linger(Duration most) throws InterruptedException {
    lingering = true;
    lingerOver.await(most.toNanos(), TimeUnit.NANOSECONDS);
    return scrapedAtTheEnd;
  }

  /** Ends a linger at once, and any to come (a signal: the process must exit). */
  void stopLingering() {
    lingerOver.countDown();
  }

  @Override
  public void close() {
    server.stop();
    threads.shutdownNow();
  }
}
