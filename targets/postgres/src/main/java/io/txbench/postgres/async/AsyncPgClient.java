package io.txbench.postgres.async;

import io.txbench.core.spi.TargetOptions;
import io.txbench.eventloop.EventLoops;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.client.SqlDialect;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.SslMode;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The event-loop client of a target: its {@link EventLoops}, and where its connections go. Each
 * worker's connection lives on one event loop, which reads its answers and starts its next
 * iteration.
 */
public final class AsyncPgClient implements AutoCloseable {
  private final EventLoops loops;
  private final PgConnectOptions connect;
  private final int maxConnections;
  private final Duration connectionWait;

  private AsyncPgClient(EventLoops loops, PgConnectOptions connect, TargetOptions options) {
    this.loops = loops;
    this.connect = connect;
    this.maxConnections = options.maxConnections();
    this.connectionWait = options.connectionWaitTimeout();
  }

  /** A client of the server {@code options} name, not yet connected. */
  public static AsyncPgClient of(TargetOptions options) {
    return new AsyncPgClient(EventLoops.start(), connectOptions(options), options);
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
  static PgConnectOptions connectOptions(TargetOptions options) {
    PgConnectOptions connect = new PgConnectOptions();
    String url = options.url();
    if (url != null && !url.isBlank()) {
      URI uri = URI.create(url.replaceFirst("(?i)^jdbc:", ""));
      connect
          .setHost(uri.getHost() == null ? "localhost" : uri.getHost())
          .setPort(uri.getPort() > 0 ? uri.getPort() : PgConnectOptions.DEFAULT_PORT)
          .setDatabase(uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", ""));
      String query = uri.getRawQuery();
      for (String pair : query == null ? new String[0] : query.split("&")) {
        int eq = pair.indexOf('=');
        if (eq > 0) {
          parameter(connect, pair.substring(0, eq), decode(pair.substring(eq + 1)));
        }
      }
    } else {
      connect
          .setHost(options.host() == null ? "localhost" : options.host())
          .setPort(options.port())
          .setDatabase(options.database() == null ? "postgres" : options.database());
    }
    if (options.user() != null) {
      connect.setUser(options.user());
    }
    String password = options.password().reveal();
    if (!password.isEmpty()) {
      connect.setPassword(password);
    }
    // PgJDBC's pool sets the level on each connection; this one sets it as the connection opens.
    IsolationLevel isolation = options.declared().get(IsolationLevel.OPTION);
    connect.addProperty(
        "default_transaction_isolation",
        isolation.name().replace('_', ' ').toLowerCase(Locale.ROOT));
    connect.addProperty("application_name", SqlDialect.APPLICATION_NAME);
    return connect.setCachePreparedStatements(false);
  }

  /** A JDBC URL's parameter, where the event-loop client has it; PgJDBC's others do not apply. */
  private static void parameter(PgConnectOptions connect, String name, String value) {
    switch (name) {
      case "user" -> connect.setUser(value);
      case "password" -> connect.setPassword(value);
      case "sslmode" -> connect.setSslMode(SslMode.of(value));
      case "currentSchema" -> connect.addProperty("search_path", value);
      default -> {
        // PgJDBC's own (prepareThreshold, ApplicationName...): nothing the server is told.
      }
    }
  }

  private static String decode(String value) {
    return URLDecoder.decode(value, StandardCharsets.UTF_8);
  }

  /** The client's name and version, and its transport, as results name a driver. */
  public String describe() {
    return "Vert.x PostgreSQL client " + EventLoops.version() + " (" + loops.describe() + ")";
  }

  /** Opens a connection, on the next event loop. */
  CompletableFuture<PgConnection> connect() {
    return PgConnection.connect(loops.vertx(), connect).toCompletionStage().toCompletableFuture();
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
