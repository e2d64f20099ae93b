package io.txbench.http;

import io.netty.bootstrap.Bootstrap;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.eventloop.EventLoops;
import io.vertx.core.Future;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * The server behind a URL and the client that loads it, on txbench's {@link EventLoops}: each
 * worker's own clear-text HTTP/1.1 connection driven by Netty's codec ({@link Http1Session}), or
 * Vert.x's HTTP client (HTTP/2, TLS, more workers than {@code --max-connections}), whose pool keeps
 * up to {@code --max-connections} connections alive: a request finds a free one or waits for one.
 */
final class HttpTarget implements Target {
  private static final long PROBE_MILLIS = 10_000;

  private final EventLoops loops;
  private final HttpClientAgent client;
  private final String url;
  private final HttpOptions options;
  private final @Nullable String authorization;
  private final int maxConnections;
  private String server = "";
  private String protocol = "";

  private HttpTarget(
      EventLoops loops,
      HttpClientAgent client,
      String url,
      HttpOptions options,
      @Nullable String authorization,
      int maxConnections) {
    this.loops = loops;
    this.client = client;
    this.url = url;
    this.options = options;
    this.authorization = authorization;
    this.maxConnections = maxConnections;
  }

  /**
   * The client of the server at {@code target}'s URL, which answered one HEAD request (of any
   * status): its {@code Server} header names it in the results.
   *
   * @throws TargetUnavailableException in one line, when nothing answers
   */
  static HttpTarget open(TargetOptions target) throws TargetUnavailableException {
    HttpOptions options = HttpOptions.of(target.declared());
    String url = url(target);
    EventLoops loops =
        EventLoops.start(
            loopsFor(target.maxConnections(), Runtime.getRuntime().availableProcessors()));
    HttpClientOptions client =
        new HttpClientOptions()
            .setKeepAlive(true)
            .setTcpNoDelay(true)
            .setDecompressionSupported(false)
            .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, options.timeout().toMillis()));
    if (options.http2()) {
      client.setProtocolVersion(HttpVersion.HTTP_2).setUseAlpn(true);
      client.setHttp2ClearTextUpgrade(false);
    }
    PoolOptions pool =
        new PoolOptions()
            .setHttp1MaxSize(target.maxConnections())
            .setHttp2MaxSize(target.maxConnections());
    HttpTarget opened =
        new HttpTarget(
            loops,
            loops.vertx().createHttpClient(client, pool),
            url,
            options,
            authorization(target),
            target.maxConnections());
    try {
      opened.probe();
    } catch (TargetUnavailableException e) {
      opened.close();
      throw e;
    }
    return opened;
  }

  /**
   * The event loops for {@code connections} on {@code cores}: one for every 4 connections, up to
   * two a core. Two a core, because a loop descheduled on a busy machine holds up every connection
   * it has, and at 256 connections on 2 busy cores two loops ran at half the rate of four (bench
   * 17). No more than one for every 4 connections, because a loop with fewer finds one answer at
   * each wake-up and sleeps again: at 8 connections on 2 cores, four loops switched context 0.77
   * times a request (wrk 0.36) and made 55-61k requests a second where two made 74-75k (bench 33).
   */
  static int loopsFor(int connections, int cores) {
    return Math.max(1, Math.min(2 * cores, (connections + 3) / 4));
  }

  /** The URL of {@code target}: as given, or made of its host, port and database (as a path). */
  static String url(TargetOptions target) {
    String given = target.url();
    if (given != null && !given.isBlank()) {
      return RequestTemplate.checked(given.strip());
    }
    String path = target.database() == null ? "" : target.database().replaceFirst("^/", "");
    String host = target.host() == null ? "localhost" : target.host();
    return RequestTemplate.checked("http://" + host + ":" + target.port() + "/" + path);
  }

  /** Basic authentication of the user and password given apart, or null without a user. */
  private static @Nullable String authorization(TargetOptions target) {
    if (target.user() == null) {
      return null;
    }
    String pair = target.user() + ":" + target.password().reveal();
    return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
  }

  private void probe() throws TargetUnavailableException {
    RequestOptions head =
        new RequestOptions()
            .setMethod(HttpMethod.HEAD)
            .setAbsoluteURI(url.replace(SlottedText.KEY, "1"))
            .setIdleTimeout(probeMillis());
    try {
      HttpClientResponse answer =
          client
              .request(head)
              .compose(request -> request.send())
              .compose(HttpTarget::ended)
              .toCompletionStage()
              .toCompletableFuture()
              .get(probeMillis() + 1000, TimeUnit.MILLISECONDS);
      String named = answer.getHeader("Server");
      server = named == null || named.isBlank() ? "an HTTP server (no Server header)" : named;
      protocol = answer.version().alpnName().equals("h2") ? "HTTP/2" : "HTTP/1.1";
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new TargetUnavailableException(
          "cannot reach "
              + RequestTemplate.shown(url)
              + ": "
              + HttpFailure.noAnswer(cause, "HEAD", false).getMessage(),
          cause);
    } catch (TimeoutException e) {
      throw new TargetUnavailableException(
          "cannot reach " + RequestTemplate.shown(url) + ": no answer in time", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetUnavailableException(
          "interrupted while reaching " + RequestTemplate.shown(url), e);
    }
  }

  /**
   * Whether each of {@code workers} workers keeps a connection of its own to {@code origin}: with
   * clear-text HTTP/1.1 and as many connections allowed. HTTP/2's requests share connections, as
   * many as its server allows on each, and TLS stays on Vert.x's pool.
   */
  boolean connectionPerWorker(Origin origin, int workers) {
    return !options.http2() && !origin.tls() && workers <= maxConnections;
  }

  /** A bootstrap of connections on the run's event loops, for a worker of its own. */
  Bootstrap bootstrap() {
    return loops.bootstrap();
  }

  /**
   * {@code response} once read to its end. A HEAD's answer has no body and may have ended before
   * this runs (its continuation handed to the event loop as a task of its own), when Vert.x refuses
   * {@code end()} with an IllegalStateException: it is read then.
   */
  private static Future<HttpClientResponse> ended(HttpClientResponse response) {
    try {
      return response.end().map(response);
    } catch (IllegalStateException alreadyEnded) {
      return Future.succeededFuture(response);
    }
  }

  /**
   * How long the first request may take: the run's {@code --http-timeout}, but no less than 10 s,
   * for a client's first request loads its classes and a server may be slow to a cold start.
   */
  private long probeMillis() {
    return Math.max(options.timeout().toMillis(), PROBE_MILLIS);
  }

  /** The URL requests go to, with {@code {key}} where each iteration's key goes. */
  String url() {
    return url;
  }

  HttpOptions options() {
    return options;
  }

  /**
   * A stage that completes after {@code nanos} (a script's {@code \sleep}, at least a millisecond
   * when there is any), on the event loop, blocking no thread; at once when there is none.
   */
  CompletableFuture<Void> after(long nanos) {
    if (nanos <= 0) {
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<Void> slept = new CompletableFuture<>();
    long unused =
        loops
            .vertx()
            .setTimer(Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos)), t -> slept.complete(null));
    return slept;
  }

  HttpClientAgent client() {
    return client;
  }

  /** The {@code Authorization} header of the user given, or null. */
  @Nullable String authorization() {
    return authorization;
  }

  @Override
  public String serverVersion() {
    return server;
  }

  @Override
  public String driver() {
    boolean lean = !options.http2() && !url.regionMatches(true, 0, "https:", 0, 6);
    // Netty's version is not told: the shaded JAR keeps none of its modules' version files.
    return (lean ? "txbench's HTTP/1.1 reader on each worker's own connection, " : "")
        + "Vert.x HTTP client "
        + EventLoops.version()
        + (lean ? " where workers share them" : "")
        + " ("
        + loops.describe()
        + ", "
        + protocol
        + ", up to "
        + maxConnections
        + " connections)";
  }

  @Override
  public Map<String, String> serverSettings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("protocol", protocol);
    settings.put("url", RequestTemplate.shown(url));
    return settings;
  }

  /** Its users read a web server's figures in ab's table. */
  @Override
  public boolean percentageTable() {
    return true;
  }

  @Override
  public Failure classify(Throwable error) {
    return error instanceof HttpFailure failure
        ? failure.failure()
        : Failure.fatal(ErrorClass.OTHER);
  }

  @Override
  public boolean refusedByServer(Throwable error) {
    return error instanceof HttpFailure failure && failure.status() > 0;
  }

  @Override
  public void close() {
    loops.close();
  }
}
