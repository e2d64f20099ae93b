package io.txbench.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.txbench.core.Failure;
import io.txbench.core.Target;
import io.txbench.core.TargetOptions;
import io.txbench.core.TargetUnavailableException;
import java.sql.Connection;
import java.sql.SQLException;

/** A SQL database behind a HikariCP pool. */
public final class JdbcTarget implements Target {
  private final SqlDialect dialect;
  private final HikariDataSource pool;
  private final String serverVersion;
  private final boolean autoCommit;
  private final int maxConnections;

  private JdbcTarget(SqlDialect dialect, HikariDataSource pool, String serverVersion,
      boolean autoCommit, int maxConnections) {
    this.maxConnections = maxConnections;
    this.dialect = dialect;
    this.pool = pool;
    this.serverVersion = serverVersion;
    this.autoCommit = autoCommit;
  }

  /**
   * Opens the pool and checks one connection. {@code autoCommit} false makes every borrowed
   * connection start a transaction that the workload commits.
   */
  public static JdbcTarget open(SqlDialect dialect, TargetOptions options, boolean autoCommit)
      throws TargetUnavailableException {
    HikariConfig config = new HikariConfig();
    boolean hasUrl = options.url() != null && !options.url().isBlank();
    config.setJdbcUrl(hasUrl ? options.url() : dialect.jdbcUrl(options));
    if (options.user() != null && !options.user().isEmpty()) {
      config.setUsername(options.user());
    }
    if (!options.password().isEmpty()) {
      config.setPassword(options.password().reveal());
    }
    config.setDataSourceProperties(dialect.connectionProperties(options));
    config.setPoolName("txbench");
    // One connection beyond the workers' own, for prepare, verify and their baselines: workers
    // keep theirs for the whole run.
    config.setMaximumPoolSize(options.maxConnections() + 1);
    config.setMinimumIdle(Math.min(options.minConnections(), options.maxConnections()));
    config.setConnectionTimeout(Math.max(250, options.connectionWaitTimeout().toMillis()));
    if (options.connectionIdleTimeout().toMillis() >= 10_000) {
      config.setIdleTimeout(options.connectionIdleTimeout().toMillis());
    }
    config.setAutoCommit(autoCommit);
    config.setTransactionIsolation("TRANSACTION_" + options.isolationLevel().name());
    HikariDataSource pool;
    try {
      pool = new HikariDataSource(config);
    } catch (RuntimeException e) {
      throw unavailable(dialect, options, e);
    }
    try (Connection c = pool.getConnection()) {
      String version = dialect.serverVersion(c.getMetaData());
      return new JdbcTarget(dialect, pool, version, autoCommit, options.maxConnections());
    } catch (SQLException | RuntimeException e) {
      pool.close();
      throw unavailable(dialect, options, e);
    }
  }

  private static TargetUnavailableException unavailable(SqlDialect dialect, TargetOptions options,
      Exception e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String cause = options.password().maskIn(String.valueOf(root.getMessage())).replace('\n', ' ');
    return new TargetUnavailableException(
        "cannot connect to " + dialect.product() + " at " + options.describe() + ": " + cause, e);
  }

  /** A pooled connection; close it to give it back. */
  public Connection connection() throws SQLException {
    return pool.getConnection();
  }

  public SqlDialect dialect() {
    return dialect;
  }

  /**
   * Whether each of {@code workers} workers may keep a connection for the whole run: when the
   * pool has one for every worker.
   */
  public boolean canHoldConnections(int workers) {
    return maxConnections >= workers;
  }

  /** Whether connections commit each statement (no multi-statement transactions). */
  public boolean autoCommit() {
    return autoCommit;
  }

  @Override
  public String serverVersion() {
    return serverVersion;
  }

  @Override
  public Failure classify(Throwable error) {
    return SqlErrors.classify(error, dialect);
  }

  @Override
  public void close() {
    pool.close();
  }
}
