package io.txbench.jdbc.client;

import io.txbench.core.spi.Failure;
import io.txbench.core.spi.TargetOptions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/**
 * What differs between SQL databases. Everything else, the statements included, is shared in this
 * module; a workload's statements that differ by server are the workload's, one per {@link
 * #family}.
 */
public interface SqlDialect {
  /**
   * The application_name of every connection txbench opens, on either client: the commit check
   * tells its own sessions from other clients' by it.
   */
  String APPLICATION_NAME = "txbench";

  /** The product name for messages, e.g. {@code PostgreSQL}. */
  String product();

  int defaultPort();

  String defaultUser();

  String defaultDatabase();

  /** The server's product and version as the summary shows them, e.g. {@code MariaDB 11.4.5}. */
  default String serverVersion(java.sql.DatabaseMetaData meta) throws SQLException {
    return meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion();
  }

  /**
   * The server's settings that decide a run's figures (version, memory, durability), by the names
   * the server gives them, read once on a control connection ({@link ServerSettings} reads them);
   * none by default.
   */
  default Map<String, String> serverSettings(Connection connection) throws SQLException {
    return Map.of();
  }

  /**
   * The server's own counters for {@code server.csv} and the commit cross-check, read on a
   * connection of telemetry's own; none by default.
   */
  default java.util.Optional<ServerCounters> serverCounters() {
    return java.util.Optional.empty();
  }

  /**
   * The statement that has the server publish a session's counts at once, where it keeps them back
   * a while ({@link CountsPublisher}): one commit, always published with the rest; none by default.
   */
  default java.util.Optional<String> publishCounts() {
    return java.util.Optional.empty();
  }

  /** The JDBC URL for host, port and database (used when no {@code --target-url} is given). */
  String jdbcUrl(TargetOptions options);

  /** A URL the user gave ({@code --target-url}) as this dialect's driver takes it. */
  default String driverUrl(String url) {
    return url;
  }

  /**
   * The dialect to speak to a server that reported {@code serverVersion} ({@link #serverVersion}):
   * this one, or one with a driver better suited to that server.
   */
  default SqlDialect forServer(String serverVersion) {
    return this;
  }

  /** Driver properties of every connection: time-outs, application name. Never the password. */
  Properties connectionProperties(TargetOptions options);

  /**
   * Creates the target's own database where it is missing, before the pools connect, marked as
   * txbench's ({@code OwnDatabase}) so that {@code --drop} removes it; the default creates none
   * (the database is the user's).
   */
  default void createOwnDatabase(TargetOptions options) throws SQLException {}

  /**
   * Driver properties of the control connections alone (prepare, verify, the lease's heartbeat): a
   * time-out on each read ({@code readTimeout}, the workload's patience), so that a server that
   * stops answering ends those steps with an error. The workers' connections have none: the runner
   * gives up on an iteration still waiting after the window's grace (in doubt, abandoned), and a
   * timed read costs about 1 us of client CPU per statement (a poll before each read;
   * docs/benchmarks.md), 8% of a point select.
   */
  Properties controlProperties(java.time.Duration readTimeout);

  /**
   * The column definition of a server-generated 64-bit key. It is the primary key from the start
   * where {@link #primaryKeyAfterLoad} is null; otherwise that statement makes it one after the
   * table is loaded, which loads faster.
   */
  String identityColumn();

  /** The statement that makes {@code column} the primary key of a loaded table, or null. */
  default @Nullable String primaryKeyAfterLoad(String table, String column) {
    return null;
  }

  /** Which servers' SQL and transactions this database's are like. */
  SqlFamily family();

  /**
   * Whether the server that reported {@code serverVersion} ({@link #serverVersion}) returns columns
   * of the rows a DELETE removed ({@code DELETE ... RETURNING}). None by default.
   */
  default boolean deleteReturns(String serverVersion) {
    return false;
  }

  /** An expression of the server's current time in milliseconds since the epoch, as a BIGINT. */
  String epochMillis();

  /** The statement that refreshes the planner statistics of a table. */
  String analyze(String table);

  /** The statement that drops the index {@code index} of {@code table} (MySQL's words). */
  default String dropIndex(String table, String index) {
    return "DROP INDEX " + index + " ON " + table;
  }

  /**
   * A verdict for the database's own error codes, or {@code null} to let the shared rules decide.
   */
  @Nullable Failure classify(SQLException error);

  /** The fastest way this database loads many generated rows. */
  BulkLoader bulkLoader();

  /**
   * Called after rows with explicit ids were loaded into a table whose id the server generates, so
   * that later server-generated ids do not collide with them.
   */
  void afterExplicitIds(Connection connection, String table, String idColumn) throws SQLException;
}
