package io.txbench.jdbc.client;

import io.txbench.core.spi.server.CommitReading;
import io.txbench.core.spi.server.TelemetryColumn;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A SQL server's own counters and how to read them, for {@link JdbcTelemetry}: the statements are
 * the dialect's, run on telemetry's own connection through {@link TelemetrySql}.
 */
public interface ServerCounters {

  /** What the user may read: the columns, and one line on what it may not. */
  record Access(List<TelemetryColumn> columns, Optional<String> warning) {}

  /** Finds out what the connection's user may read, trying the statements once. */
  Access open(TelemetrySql sql) throws SQLException;

  /** The columns' values now, by name, in one statement. */
  Map<String, Long> read(TelemetrySql sql) throws SQLException;

  /** Whether each statement is a transaction the server counts (PostgreSQL's autocommit reads). */
  boolean statementsCommit();

  /** See {@link io.txbench.core.spi.server.CommitCounter#countsSessionSetUpLate()}. */
  default boolean sessionSetUpCountsLate() {
    return false;
  }

  /** The committed-transaction counter's name, when the user may read it. */
  Optional<String> commitCounter();

  /**
   * Why the commit cross-check cannot be made on the server that reported {@code serverVersion} for
   * a run with or without {@code transactions}; empty when it can.
   */
  Optional<String> commitCheckInapplicable(String serverVersion, boolean transactions);

  /** Waits with {@code pause} until the counter holds every commit made so far, and reads it. */
  CommitReading settle(TelemetrySql sql, Predicate<Duration> pause) throws SQLException;

  /** The commits of one lease heartbeat on the control connection. */
  int commitsPerHeartbeat();
}
