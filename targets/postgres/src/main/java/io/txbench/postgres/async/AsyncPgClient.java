package io.txbench.postgres.async;

import io.txbench.core.spi.AsyncWorkload;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.eventloop.EventLoops;
import io.txbench.jdbc.async.AsyncSqlWorkload;
import io.txbench.jdbc.async.EventLoopClient;
import io.txbench.jdbc.async.OneServerUrl;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlDialect;
import io.txbench.jdbc.workloads.SqlSteps;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The event-loop client of a target: its {@link EventLoops}, and where its connections go. Each
 * worker's connection lives on one event loop, which reads its answers and starts its next
 * iteration.
 */
public final class AsyncPgClient implements EventLoopClient {
  private static final String CHOOSE_JDBC = "--pg-client jdbc";

  /**
   * PgJDBC's parameters that tune PgJDBC itself, or that the event-loop client does as they ask
   * (ApplicationName: txbench names its sessions on both clients), and so tell neither client
   * anything more. Any other but those {@link #endpoint} reads changes the session or how it is
   * reached, and is refused.
   */
  private static final Set<String> PGJDBC_ONLY =
      Set.of(
          "ApplicationName",
          "assumeMinServerVersion",
          "binaryTransfer",
          "cancelSignalTimeout",
          "connectTimeout",
          "defaultRowFetchSize",
          "loggerLevel",
          "loginTimeout",
          "logUnclosedConnections",
          "preparedStatementCacheQueries",
          "preparedStatementCacheSizeMiB",
          "prepareThreshold",
          "receiveBufferSize",
          "reWriteBatchedInserts",
          "sendBufferSize",
          "socketTimeout",
          "stringtype",
          "tcpKeepAlive",
          "tcpNoDelay");

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

  @Override
  public AsyncWorkload<?, SQLException> workload(SqlSteps kind, JdbcTarget target) {
    return AsyncSqlWorkload.onEventLoop(
        kind,
        target,
        maxConnections,
        connectionWait,
        this::after,
        List.of(AsyncPgConnection.BEGIN, AsyncPgConnection.COMMIT),
        (statements, returningId) ->
            new AsyncPgConnection(this, statements, returningId, target::classify));
  }

  /**
   * Refuses a URL this client cannot follow, as {@link #endpoint} does.
   *
   * @throws IllegalArgumentException saying what PgJDBC alone follows
   */
  public static void checkUrl(TargetOptions options) {
    var unused = endpoint(options);
  }

  /**
   * Where to connect: the JDBC URL's server and database and the parameters both clients know
   * (user, password, sslmode; PgJDBC's currentSchema as the search_path), or host, port and
   * database; then the user and password given apart; the run's isolation level, that of every
   * transaction the connections run (each statement's own in autocommit, as PgJDBC's connections);
   * and txbench's application_name, as PgJDBC's connections give it. libpq's and PgJDBC's SSL mode
   * unless the URL gives one: prefer.
   *
   * @throws IllegalArgumentException where the URL asks for what only PgJDBC does (several hosts, a
   *     parameter that changes the session or how it is reached), in words
   */
  static PgEndpoint endpoint(TargetOptions options) {
    String host = options.host() == null ? "localhost" : options.host();
    int port = options.port();
    String database = options.database() == null ? "postgres" : options.database();
    String user = options.user();
    Secret password = options.password();
    String sslMode = "prefer";
    Map<String, String> parameters = new LinkedHashMap<>();
    String url = options.url();
    if (url != null && !url.isBlank()) {
      OneServerUrl one =
          OneServerUrl.parse(
              url, Set.of("postgresql"), "jdbc:postgresql://host[:port]/database", CHOOSE_JDBC);
      host = one.host();
      port = one.port() > 0 ? one.port() : PgEndpoint.DEFAULT_PORT;
      database = one.database();
      for (Map.Entry<String, String> parameter : one.parameters()) {
        String name = parameter.getKey();
        String value = parameter.getValue();
        switch (name) {
          case "user" -> user = value;
          case "password" -> password = Secret.of(value);
          case "sslmode" -> sslMode = value.toLowerCase(Locale.ROOT);
          case "currentSchema" -> parameters.put("search_path", value);
          default -> {
            if (!PGJDBC_ONLY.contains(name)) {
              throw new IllegalArgumentException(
                  "the event-loop client does not follow the URL's "
                      + name
                      + "=, which PgJDBC does: give "
                      + CHOOSE_JDBC);
            }
          }
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

  @Override
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
