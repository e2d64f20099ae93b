package io.txbench.postgres.async;

import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.eventloop.EventLoops;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.client.SqlDialect;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The event-loop client of a target: its {@link EventLoops}, and where its connections go. Each
 * worker's connection lives on one event loop, which reads its answers and starts its next
 * iteration.
 */
public final class AsyncPgClient implements AutoCloseable {
  private final EventLoops loops;
  private final PgEndpoint endpoint;
  private final int maxConnections;
  private final Duration connectionWait;

  private AsyncPgClient(EventLoops loops, PgEndpoint endpoint, TargetOptions options) {
    this.loops = loops;
    this.endpoint = endpoint;
    this.maxConnections = options.maxConnections();
    this.connectionWait = options.connectionWaitTimeout();
  }

  /** A client of the server {@code options} name, not yet connected. */
  public static AsyncPgClient of(TargetOptions options) {
    return new AsyncPgClient(EventLoops.start(), endpoint(options), options);
  }

  /** The connections the workers may open ({@code --max-connections}). */
  int maxConnections() {
    return maxConnections;
  }

  /** The longest an iteration waits for a connection ({@code --connection-wait-timeout}). */
  Duration connectionWait() {
    return connectionWait;
  }

  /**
   * Where to connect: the JDBC URL's server and database and the parameters both clients know
   * (user, password, sslmode; PgJDBC's currentSchema as the search_path), or host, port and
   * database; then the user and password given apart; the run's isolation level, that of every
   * transaction the connections run (each statement's own in autocommit, as PgJDBC's connections);
   * and txbench's application_name, as PgJDBC's connections give it.
   */
  static PgEndpoint endpoint(TargetOptions options) {
    String host = options.host() == null ? "localhost" : options.host();
    int port = options.port();
    String database = options.database() == null ? "postgres" : options.database();
    String user = options.user();
    Secret password = options.password();
    String sslMode = "disable";
    Map<String, String> parameters = new LinkedHashMap<>();
    String url = options.url();
    if (url != null && !url.isBlank()) {
      URI uri = URI.create(url.replaceFirst("(?i)^jdbc:", ""));
      host = uri.getHost() == null ? "localhost" : uri.getHost();
      port = uri.getPort() > 0 ? uri.getPort() : PgEndpoint.DEFAULT_PORT;
      database = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
      String query = uri.getRawQuery();
      for (String pair : query == null ? new String[0] : query.split("&")) {
        int eq = pair.indexOf('=');
        String value =
            eq > 0 ? URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8) : "";
        // PgJDBC's own parameters (prepareThreshold, ApplicationName...) tell the server nothing.
        switch (eq > 0 ? pair.substring(0, eq) : "") {
          case "user" -> user = value;
          case "password" -> password = Secret.of(value);
          case "sslmode" -> sslMode = value.toLowerCase(Locale.ROOT);
          case "currentSchema" -> parameters.put("search_path", value);
          default -> {}
        }
      }
    }
    if (options.user() != null) {
      user = options.user();
    }
    if (!options.password().isEmpty()) {
      password = options.password();
    }
    // PgJDBC's pool sets the level on each connection; this one sets it as the connection opens.
    IsolationLevel isolation = options.declared().get(IsolationLevel.OPTION);
    parameters.put(
        "default_transaction_isolation",
        isolation.name().replace('_', ' ').toLowerCase(Locale.ROOT));
    parameters.put("application_name", SqlDialect.APPLICATION_NAME);
    return new PgEndpoint(
        host, port, database, user, password, sslMode, parameters, options.connectionWaitTimeout());
  }

  /** The client's name and its transport, as results name a driver. */
  public String describe() {
    return "txbench's PostgreSQL protocol client on Netty (" + loops.describe() + ")";
  }

  /** Opens a connection, on the next event loop. */
  CompletableFuture<PgWire> connect() {
    return PgStartup.open(loops.bootstrap(), endpoint);
  }

  /**
   * Completes {@code nanos} from now, rounded up to the millisecond of the event loops' timer, on
   * one of them: a pause between two statements of an iteration that blocks no thread.
   */
  CompletableFuture<Void> after(long nanos) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    long millis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos + 999_999));
    long unused = loops.vertx().setTimer(millis, id -> done.complete(null));
    return done;
  }

  @Override
  public void close() {
    loops.close();
  }
}
