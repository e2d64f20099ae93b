package io.txbench.report.live;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import org.jspecify.annotations.Nullable;

/**
 * The server of {@code --live}: the run's report page at {@code /} and, at {@code /live.json}, what
 * its script polls for: a version that grows with each new period, the page's identity (a new run,
 * or the run's end, makes the script load the page anew: the offline report once the run ended),
 * and the table and charts' data it redraws with. It serves what it was last shown, built on the
 * metrics thread: a request never reads a result file or waits for the run.
 */
public final class LivePage implements AutoCloseable {
  private static final long LINGER_POLL_MILLIS = 50;

  private final HttpServer server;
  private final ExecutorService threads;

  /** Draws the pages, off the metrics thread; one at a time, in the order asked. */
  private final ExecutorService drawing =
      Executors.newSingleThreadExecutor(daemons("txbench-live-draw"));

  private volatile Shown shown = Shown.WAITING;

  /** The page last served at {@code /}: none until a browser loaded one. */
  private volatile @Nullable Shown served;

  private volatile boolean stopped;

  /** The page and its poll's answer, as last shown; {@code last}: the command's final report. */
  private record Shown(String page, String json, boolean last) {
    static final Shown WAITING =
        new Shown(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>"
                + "<meta http-equiv=\"refresh\" content=\"1\"/><title>txbench live</title></head>"
                + "<body><p>txbench: waiting for the run's first period.</p></body></html>\n",
            "{\"version\":0,\"page\":\"waiting\"}",
            false);
  }

  private LivePage(HttpServer server, ExecutorService threads) {
    this.server = server;
    this.threads = threads;
  }

  /**
   * The page served at {@code at}, or empty, said in one line on {@code err}, when it cannot be (a
   * port in use, an address that cannot be bound): the run goes on without it.
   */
  public static Optional<LivePage> start(ListenAddress at, PrintStream err) {
    try {
      HttpServer server = HttpServer.create(at.socket(), 8);
      // A browser's few requests: one thread.
      ExecutorService threads = Executors.newSingleThreadExecutor(daemons("txbench-live"));
      server.setExecutor(threads);
      LivePage page = new LivePage(server, threads);
      server.createContext("/", page::serve);
      server.start();
      return Optional.of(page);
    } catch (IOException | RuntimeException e) {
      err.println(
          "txbench: --live "
              + at
              + ": cannot serve the live page ("
              + e.getMessage()
              + "); the run goes on without it");
      return Optional.empty();
    }
  }

  /** Daemon threads named {@code name}: they never keep the JVM up. */
  static ThreadFactory daemons(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  /** Runs {@code work} (drawing a page) on the page's own thread, after what was asked before. */
  void draw(Runnable work) {
    drawing.execute(work);
  }

  /** The port it listens on (the one chosen when asked for port 0). */
  public int port() {
    return server.getAddress().getPort();
  }

  /**
   * From now on, {@code page} at {@code /} and {@code json} at {@code /live.json}; {@code last}:
   * the report of a run that ended, which the command's last run's is once the command is over.
   */
  void show(String page, String json, boolean last) {
    shown = new Shown(page, json, last);
  }

  /** Whether a browser loaded the page during the command (polls alone are no browser). */
  boolean browsed() {
    return served != null;
  }

  /**
   * Waits until a browser has loaded the final report ({@link #show} last), {@code most} at most,
   * or until {@link #stopLingering}; whether one did. A browser watching the run polls each second
   * and loads the report as soon as it is shown, so without the wait a run that ends exits before
   * its watcher sees how it ended.
   */
  boolean linger(Duration most) throws InterruptedException {
    long deadline = System.nanoTime() + most.toNanos();
    while (!stopped && System.nanoTime() < deadline) {
      if (loadedTheEnd()) {
        return true;
      }
      Thread.sleep(LINGER_POLL_MILLIS);
    }
    return loadedTheEnd();
  }

  private boolean loadedTheEnd() {
    Shown now = shown;
    return now.last() && now.equals(served);
  }

  /** Ends a linger at once, and any to come (a signal: the process must exit). */
  void stopLingering() {
    stopped = true;
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      Shown now = shown;
      if (!exchange.getRequestMethod().equals("GET")) {
        send(exchange, 405, "text/plain", "GET only\n");
      } else if (path.equals("/") || path.equals("/index.html")) {
        send(exchange, 200, "text/html; charset=utf-8", now.page());
        served = now;
      } else if (path.equals("/live.json")) {
        send(exchange, 200, "application/json", now.json());
      } else {
        send(exchange, 404, "text/plain", "not found\n");
      }
    }
  }

  private static void send(HttpExchange exchange, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** Stops serving at once: a request under way is cut. */
  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
    drawing.shutdownNow();
  }
}
