package io.txbench.jdbc.client;

import io.txbench.core.spi.Causes;
import io.txbench.core.spi.server.AbstractServerTelemetry;
import io.txbench.core.spi.server.CommitCounter;
import io.txbench.core.spi.server.CommitReading;
import io.txbench.core.spi.server.ServerEndpoint;
import io.txbench.core.spi.server.ServerTelemetry;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A SQL server's counters on a connection of telemetry's own, in autocommit and outside any pool (a
 * pool would check it with statements of its own, which a server may count as transactions), read
 * with its dialect's {@link ServerCounters}.
 */
final class JdbcTelemetry extends AbstractServerTelemetry<SQLException> {
  private final ServerCounters counters;
  private final TelemetrySql sql;
  private final String serverVersion;

  private JdbcTelemetry(
      ServerCounters counters,
      TelemetrySql sql,
      ServerCounters.Access access,
      Optional<ServerEndpoint> endpoint,
      String serverVersion) {
    super(access.columns(), endpoint, access.warning());
    this.counters = counters;
    this.sql = sql;
    this.serverVersion = serverVersion;
  }

  /**
   * Opens the connection and finds what its user may read; never throws. {@code pools}, the
   * connections txbench's pools hold open on the server beside it; {@code publisher}, what their
   * sessions commit to publish their counts.
   */
  static ServerTelemetry<SQLException> open(
      SqlDialect dialect,
      ConnectionOpener opener,
      java.util.function.IntSupplier pools,
      CountsPublisher publisher,
      Optional<ServerEndpoint> endpoint,
      String serverVersion) {
    Optional<ServerCounters> counters = dialect.serverCounters();
    if (counters.isEmpty()) {
      return ServerTelemetry.none(endpoint, Optional.empty());
    }
    Connection c;
    try {
      c = opener.open();
      c.setAutoCommit(true);
    } catch (SQLException | RuntimeException e) {
      return ServerTelemetry.none(
          endpoint,
          Optional.of(
              "no server telemetry: cannot open a connection of its own: " + Causes.describe(e)));
    }
    TelemetrySql sql =
        new TelemetrySql(c, opener, pools, publisher, dialect, counters.get().statementsCommit());
    try {
      return new JdbcTelemetry(
          counters.get(), sql, counters.get().open(sql), endpoint, serverVersion);
    } catch (SQLException | RuntimeException e) {
      close(c);
      return ServerTelemetry.none(
          endpoint, Optional.of("no server telemetry: " + Causes.describe(e)));
    }
  }

  @Override
  public synchronized Map<String, Long> read() throws SQLException {
    return counters.read(sql);
  }

  @Override
  public Optional<CommitCounter<SQLException>> commits() {
    return counters
        .commitCounter()
        .filter(name -> columns().stream().anyMatch(c -> c.name().equalsIgnoreCase(name)))
        .map(Commits::new);
  }

  /** The cross-check's counter, read on the same connection as the periods' reads. */
  private final class Commits implements CommitCounter<SQLException> {
    private final String name;

    Commits(String name) {
      this.name = name;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Optional<String> inapplicable(boolean transactions) {
      return counters.commitCheckInapplicable(serverVersion, transactions);
    }

    @Override
    public CommitReading settle(Predicate<Duration> pause) throws SQLException {
      synchronized (JdbcTelemetry.this) {
        return counters.settle(sql, pause);
      }
    }

    @Override
    public int commitsPerHeartbeat() {
      return counters.commitsPerHeartbeat();
    }

    @Override
    public boolean countsSessionSetUpLate() {
      return counters.sessionSetUpCountsLate();
    }

    @Override
    public boolean countsStatementsOutsideTransactions() {
      return counters.statementsCommit();
    }
  }

  @Override
  public void close() {
    sql.close();
  }

  private static void close(Connection c) {
    try {
      c.close();
    } catch (SQLException e) {
      // closing: nothing to do about it
    }
  }

  /** Opens a connection as the target's pools do, with a read time-out. */
  @FunctionalInterface
  interface ConnectionOpener {
    Connection open() throws SQLException;
  }
}
