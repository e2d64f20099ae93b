package io.txbench.http;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

/**
 * An HTTP server in the test's JVM that answers each request as its {@link Behaviour} says (a
 * status, a late answer, a closed connection, no answer at all) and counts what it did, so that a
 * test compares txbench's counts with the server's: the n-th request it received (from 0) gets
 * {@code behaviours.apply(n)}.
 */
public final class FaultServer implements AutoCloseable {

  /** What the server does with one request. */
  public sealed interface Behaviour {}

  /** Answers {@code status}, after {@code delayMillis}. */
  public record Answer(int status, long delayMillis) implements Behaviour {}

  /** Closes the connection once the whole request is read: the client's answer is lost. */
  public record Close() implements Behaviour {}

  /** Never answers. */
  public record Silence() implements Behaviour {}

  public static Behaviour ok() {
    return new Answer(200, 0);
  }

  private final Vertx vertx = Vertx.vertx();
  private final HttpServer server;
  private final LongFunction<Behaviour> behaviours;
  private final AtomicLong received = new AtomicLong();
  private final AtomicLong connections = new AtomicLong();
  private final Map<String, AtomicLong> answered = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> byPath = new ConcurrentHashMap<>();
  private final Map<String, String> lastHeaders = new ConcurrentHashMap<>();
  private volatile String lastBody = "";

  private FaultServer(LongFunction<Behaviour> behaviours) throws Exception {
    this.behaviours = behaviours;
    this.server =
        vertx
            .createHttpServer()
            .connectionHandler(connection -> connections.incrementAndGet())
            .requestHandler(this::handle)
            .listen(0, "127.0.0.1")
            .toCompletionStage()
            .toCompletableFuture()
            .get(30, TimeUnit.SECONDS);
  }

  /** A server on a free loopback port that answers the n-th request as {@code behaviours} says. */
  public static FaultServer start(LongFunction<Behaviour> behaviours) throws Exception {
    return new FaultServer(behaviours);
  }

  private void handle(HttpServerRequest request) {
    if (request.method().name().equals("HEAD")) {
      request.response().putHeader("Server", "fault-server/1").end();
      return;
    }
    long n = received.getAndIncrement();
    Behaviour behaviour = behaviours.apply(n);
    request
        .body()
        .onSuccess(
            body -> {
              lastBody = body.toString();
              request
                  .headers()
                  .forEach(
                      h ->
                          lastHeaders.put(
                              h.getKey().toLowerCase(java.util.Locale.ROOT), h.getValue()));
              count(byPath, request.method() + " " + request.path());
              if (behaviour instanceof Answer a && a.delayMillis() > 0) {
                vertx.setTimer(a.delayMillis(), t -> answer(request, a.status()));
              } else if (behaviour instanceof Answer a) {
                answer(request, a.status());
              } else if (behaviour instanceof Close) {
                count(answered, "closed");
                request.connection().close();
              } else {
                count(answered, "silent");
              }
            });
  }

  private void answer(HttpServerRequest request, int status) {
    count(answered, String.valueOf(status));
    request.response().setStatusCode(status).putHeader("Server", "fault-server/1").end("answer");
  }

  private static void count(Map<String, AtomicLong> counts, String key) {
    counts.computeIfAbsent(key, k -> new AtomicLong()).incrementAndGet();
  }

  public int port() {
    return server.actualPort();
  }

  /** The URL of {@code path} on this server. */
  public String url(String path) {
    return "http://127.0.0.1:" + port() + path;
  }

  /** The connections clients opened, the probe's among them. */
  public long connections() {
    return connections.get();
  }

  /** The requests received, HEAD (txbench's probe) aside. */
  public long received() {
    return received.get();
  }

  /** How many requests were answered {@code status}, or {@code "closed"}, or {@code "silent"}. */
  public long answered(String outcome) {
    AtomicLong count = answered.get(outcome);
    return count == null ? 0 : count.get();
  }

  /** How many requests came for each method and path ({@code "GET /item/7"}). */
  public Map<String, AtomicLong> byPath() {
    return byPath;
  }

  /** The last request's body, and a header of it by its name in lower case. */
  public String lastBody() {
    return lastBody;
  }

  public String lastHeader(String name) {
    return lastHeaders.getOrDefault(name, "");
  }

  @Override
  public void close() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }
}
