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
 * module; where a workload's statement differs by server, the dialect writes that part of it.
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

  /**
   * {@code insert}, an INSERT of one row into {@code table}, that adds {@code added} to the {@code
   * column} of the row of the same {@code key} instead where there is one.
   */
  String upsert(String insert, String table, String key, String column, String added);

  /**
   * {@code select}, a read of rows the transaction then updates, as {@code isolation} needs it: as
   * is where a concurrent writer of those rows fails above READ COMMITTED (PostgreSQL's REPEATABLE
   * READ). READ COMMITTED keeps the plain read everywhere: the run shows what that level allows.
   */
  default String readToUpdate(String select, IsolationLevel isolation) {
    return select;
  }

  /** Whether the server has GROUPING SETS and CUBE (standard SQL). */
  default boolean groupingSets() {
    return true;
  }

  /**
   * The GROUP BY clause of the rollup of {@code columns} (comma-separated), standard by default.
   */
  default String rollup(String columns) {
    return "ROLLUP (" + columns + ")";
  }

  /**
   * The sum of {@code value} over the rows where {@code condition} holds, 0 where none: standard
   * SQL's FILTER by default.
   */
  default String sumWhere(String value, String condition) {
    return "COALESCE(SUM(" + value + ") FILTER (WHERE " + condition + "), 0)";
  }

  /** {@code name} as a quoted identifier: between double quotes, each one inside doubled. */
  default String identifier(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }

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
