package io.txbench.mysql.async;

import io.txbench.core.spi.AsyncWorkload;
import io.txbench.core.spi.TargetOptions;
import io.txbench.eventloop.EventLoops;
import io.txbench.jdbc.async.AsyncSqlWorkload;
import io.txbench.jdbc.async.EventLoopClient;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.workloads.SqlSteps;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The event-loop client of the MySQL target: its {@link EventLoops}, and where its connections go.
 * Each worker's connection lives on one event loop, which reads its answers and starts its next
 * iteration.
 */
public final class AsyncMySqlClient implements EventLoopClient {
  private final EventLoops loops;
  private final MySqlEndpoint endpoint;
  private final int maxConnections;
  private final Duration connectionWait;

  private AsyncMySqlClient(EventLoops loops, MySqlEndpoint endpoint, TargetOptions options) {
    this.loops = loops;
    this.endpoint = endpoint;
    this.maxConnections = options.maxConnections();
    this.connectionWait = options.connectionWaitTimeout();
  }

  /**
   * A client of the server {@code options} name, not yet connected; {@code driver} says which JDBC
   * driver's defaults and parameters the options were written for: {@code mysql}, {@code mariadb},
   * or {@code auto} (the one a URL's scheme names, else the server's own).
   */
  public static AsyncMySqlClient of(TargetOptions options, String driver) {
    return new AsyncMySqlClient(EventLoops.start(), endpoint(options, driver), options);
  }

  /**
   * Refuses a URL this client cannot follow.
   *
   * @throws IllegalArgumentException saying what the JDBC drivers alone follow
   */
  public static void checkUrl(TargetOptions options, String driver) {
    var unused = endpoint(options, driver);
  }

  static MySqlEndpoint endpoint(TargetOptions options, String driver) {
    String url = options.url() == null ? "" : options.url();
    boolean mariaDb =
        driver.equals("mariadb")
            || (driver.equals("auto") && url.regionMatches(true, 0, "jdbc:mariadb:", 0, 13));
    boolean mysql =
        driver.equals("mysql")
            || (driver.equals("auto") && url.regionMatches(true, 0, "jdbc:mysql:", 0, 11));
    MySqlTls tls =
        mariaDb ? MySqlTls.DISABLED : mysql ? MySqlTls.PREFERRED : MySqlTls.DRIVERS_DEFAULT;
    return MySqlUrl.endpoint(options, tls, mariaDb);
  }

  @Override
  public AsyncWorkload<?, SQLException> workload(SqlSteps kind, JdbcTarget target) {
    boolean autoCommit = target.autoCommit();
    return AsyncSqlWorkload.onEventLoop(
        kind,
        target,
        maxConnections,
        connectionWait,
        this::after,
        List.of(),
        (statements, returningId) ->
            new AsyncMySqlConnection(this, statements, returningId, target::classify, autoCommit));
  }

  @Override
  public String describe() {
    return "txbench's MySQL protocol client on Netty (" + loops.describe() + ")";
  }

  /**
   * Opens a connection, on the next event loop, its session set up as the JDBC pool sets up its
   * connections: the run's isolation level, and autocommit off unless {@code autoCommit}.
   */
  CompletableFuture<MySqlWire> connect(boolean autoCommit) {
    return MySqlHandshake.open(loops.bootstrap(), endpoint)
        .thenCompose(wire -> setUp(wire, endpoint.sessionSetup(autoCommit)));
  }

  private static CompletableFuture<MySqlWire> setUp(MySqlWire wire, List<String> statements) {
    CompletableFuture<MySqlWire> done = new CompletableFuture<>();
    int[] left = {statements.size()};
    for (String sql : statements) {
      wire.query(
          sql,
          (answer, failure) -> {
            if (failure != null) {
              if (done.completeExceptionally(failure)) {
                wire.close();
              }
            } else if (--left[0] == 0) {
              done.complete(wire);
            }
          });
    }
    return done;
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
