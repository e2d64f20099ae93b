package io.txbench.jdbc.client;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.txbench.core.spi.Causes;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.OptionMismatchException;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.server.ServerEndpoint;
import io.txbench.core.spi.server.ServerTelemetry;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A SQL database behind two HikariCP pools: the workers' ({@code --max-connections}), and two
 * connections of its own for prepare, verify, their baselines and the lease's heartbeat, so that
 * workers holding theirs for the whole run never starve them and never use more than they were
 * given.
 */
public final class JdbcTarget implements Target {
  private static final Logger LOG = LoggerFactory.getLogger(JdbcTarget.class);
  private static final long CLOSE_WAIT_MILLIS = 3_000;

  /** How long telemetry's connection waits for an answer before it gives the read up. */
  private static final java.time.Duration TELEMETRY_READ_TIMEOUT = java.time.Duration.ofSeconds(10);

  private final SqlDialect dialect;
  private static final Pattern VERSION = Pattern.compile("\\d+(\\.\\d+)+");

  private final HikariDataSource pool;
  private final HikariDataSource control;
  private final String serverVersion;
  private volatile String driver; // the pools' driver, or the workers' own client
  private final boolean autoCommit;
  private final int maxConnections;
  private final IsolationLevel isolation;
  private final Map<String, String> serverSettings;
  private final JdbcTelemetry.ConnectionOpener telemetryOpener;
  private final Optional<ServerEndpoint> endpoint;
  private final List<AutoCloseable> alongside = new CopyOnWriteArrayList<>();
  private final CountsPublisher publisher;
  private final PoolFill fill;

  private JdbcTarget(
      SqlDialect dialect,
      TargetOptions options,
      HikariDataSource pool,
      HikariDataSource control,
      String serverVersion,
      String driver,
      boolean autoCommit,
      Map<String, String> serverSettings,
      JdbcTelemetry.ConnectionOpener telemetryOpener,
      CountsPublisher publisher) {
    this.publisher = publisher;
    this.serverSettings = serverSettings;
    this.telemetryOpener = telemetryOpener;
    this.endpoint = options.endpoint();
    this.maxConnections = options.maxConnections();
    this.isolation = options.declared().get(IsolationLevel.OPTION);
    this.dialect = dialect;
    this.pool = pool;
    this.fill = new PoolFill(pool);
    this.control = control;
    this.serverVersion = serverVersion;
    this.driver = driver;
    this.autoCommit = autoCommit;
  }

  /**
   * Opens the pool and checks one connection. {@code autoCommit} false makes every borrowed
   * connection start a transaction that the workload commits; the control connections give up on a
   * read after {@code patience}.
   */
  public static JdbcTarget open(
      SqlDialect dialect, TargetOptions options, boolean autoCommit, java.time.Duration patience)
      throws TargetUnavailableException {
    try {
      dialect.createOwnDatabase(options); // made where missing, before the pools connect to it
    } catch (SQLException e) {
      // The pool's first connection says what is wrong, in the words it always has.
      LOG.debug("could not create the target's own database first", e);
    }
    Properties controlProperties = dialect.connectionProperties(options);
    controlProperties.putAll(dialect.controlProperties(patience));
    HikariConfig controlConfig = poolConfig(dialect, options, autoCommit, controlProperties);
    controlConfig.setPoolName("txbench-control");
    controlConfig.setMaximumPoolSize(2); // prepare and verify; the lease's heartbeat
    controlConfig.setMinimumIdle(0);
    JdbcTelemetry.ConnectionOpener telemetryOpener =
        telemetryOpener(dialect, options, controlConfig);
    HikariDataSource control;
    try {
      control = new HikariDataSource(controlConfig);
    } catch (RuntimeException e) {
      throw unavailable(dialect, options, e);
    }
    String version;
    String driver;
    CountsPublisher publisher;
    try (Connection c = control.getConnection()) {
      DatabaseMetaData meta = c.getMetaData();
      version = dialect.serverVersion(meta);
      driver = driverOf(meta);
      publisher = CountsPublisher.of(dialect, c);
    } catch (SQLException | RuntimeException e) {
      control.close();
      throw unavailable(dialect, options, e);
    }
    SqlDialect own = dialect.forServer(version);
    if (own != dialect) {
      // The server is better served by another driver: start again with it, before any worker.
      control.close();
      return open(own, options, autoCommit, patience);
    }
    Map<String, String> settings = settings(dialect, control, publisher);
    HikariDataSource workers = workers(dialect, options, autoCommit, control);
    try {
      return new JdbcTarget(
          dialect,
          options,
          workers,
          control,
          version,
          driver,
          autoCommit,
          settings,
          telemetryOpener,
          publisher);
    } catch (RuntimeException e) {
      workers.close();
      control.close();
      throw unavailable(dialect, options, e);
    }
  }

  /**
   * Starts the workers' pool and waits for the connections it keeps ({@link ParallelOpening});
   * closes {@code control} when it fails.
   */
  private static HikariDataSource workers(
      SqlDialect dialect, TargetOptions options, boolean autoCommit, HikariDataSource control)
      throws TargetUnavailableException {
    HikariConfig config =
        poolConfig(dialect, options, autoCommit, dialect.connectionProperties(options));
    config.setPoolName("txbench");
    config.setMaximumPoolSize(options.maxConnections());
    config.setMinimumIdle(Math.min(options.minConnections(), options.maxConnections()));
    HikariDataSource workers;
    try {
      workers = new HikariDataSource(config);
    } catch (RuntimeException e) {
      control.close();
      throw unavailable(dialect, options, e);
    }
    try {
      ParallelOpening.fill(workers, options.connectionWaitTimeout());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      workers.close();
      control.close();
      throw new TargetUnavailableException("stopped while connecting to " + options.describe(), e);
    }
    return workers;
  }

  /**
   * The server's settings, read on a control connection before any worker's; none, and a line at
   * debug level, when they cannot be read: they describe a run, they are no reason to fail it.
   */
  private static Map<String, String> settings(
      SqlDialect dialect, HikariDataSource control, CountsPublisher publisher) {
    // Published when given back, as every control connection is: a run's commit check waits for
    // any session of txbench's that is not.
    try (Connection c = publisher.publishingOnClose(control.getConnection())) {
      return dialect.serverSettings(c);
    } catch (SQLException | RuntimeException e) {
      LOG.debug("could not read the server's settings: {}", Causes.describe(e));
      return Map.of();
    }
  }

  /**
   * How telemetry opens its connection: where and as whom the {@code pools} connect (read before a
   * pool starts from their settings), with a read time-out of its own, outside any pool.
   */
  private static JdbcTelemetry.ConnectionOpener telemetryOpener(
      SqlDialect dialect, TargetOptions options, HikariConfig pools) {
    Properties properties = dialect.connectionProperties(options);
    properties.putAll(dialect.controlProperties(TELEMETRY_READ_TIMEOUT));
    if (pools.getUsername() != null) {
      properties.setProperty("user", pools.getUsername());
    }
    if (pools.getPassword() != null) {
      properties.setProperty("password", pools.getPassword());
    }
    String url = pools.getJdbcUrl();
    return () -> DriverManager.getConnection(url, properties);
  }

  /** A pool's settings but its name and size: where, who, how long to wait, which transactions. */
  private static HikariConfig poolConfig(
      SqlDialect dialect, TargetOptions options, boolean autoCommit, Properties properties) {
    HikariConfig config = new HikariConfig();
    String given = options.url();
    config.setJdbcUrl(
        given != null && !given.isBlank() ? dialect.driverUrl(given) : dialect.jdbcUrl(options));
    if (options.user() != null && !options.user().isEmpty()) {
      config.setUsername(options.user());
    }
    if (!options.password().isEmpty()) {
      config.setPassword(options.password().reveal());
    }
    config.setDataSourceProperties(properties);
    config.setConnectionTimeout(Math.max(250, options.connectionWaitTimeout().toMillis()));
    if (options.connectionIdleTimeout().toMillis() >= 10_000) {
      config.setIdleTimeout(options.connectionIdleTimeout().toMillis());
    }
    // No retirement after HikariCP's 30 minutes: a connection opened in place of a retired one logs
    // in and sets its session up mid-run, commits a long run's cross-check could not explain.
    config.setMaxLifetime(0);
    config.setAutoCommit(autoCommit);
    if (!autoCommit) {
      // HikariCP checks a connection idle for half a second when it is borrowed. Its usual check
      // (Connection.isValid) commits on PostgreSQL, a commit the cross-check knows nothing of: a
      // query rolled back at once commits nothing, on every server.
      config.setConnectionTestQuery("SELECT 1");
      config.setIsolateInternalQueries(true);
    }
    config.setTransactionIsolation(
        "TRANSACTION_" + options.declared().get(IsolationLevel.OPTION).name());
    return config;
  }

  private static TargetUnavailableException unavailable(
      SqlDialect dialect, TargetOptions options, Exception e) {
    Throwable root = Causes.root(e);
    if (UnparsedUrl.refused(root)) {
      String why = UnparsedUrl.why(String.valueOf(options.url()));
      return new TargetUnavailableException(
          "cannot connect to " + dialect.product() + " at " + options.describe() + ": " + why,
          new OptionMismatchException(why));
    }
    String message = root.getMessage();
    // "null" for no message, as Causes.oneLine shows none.
    String cause = message == null ? "null" : Causes.oneLine(options.password().maskIn(message));
    return new TargetUnavailableException(
        "cannot connect to "
            + dialect.product()
            + " at "
            + options.describe()
            + ": "
            + cause
            + (timedOut(e) ? " (--connection-wait-timeout allows longer)" : ""),
        e);
  }

  /**
   * Whether {@code e} is a wait for the server that ran out (to connect, to log in, for a pooled
   * connection), which a busy machine or server can outlast, rather than a refusal.
   */
  private static boolean timedOut(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String message = String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT);
      if (t instanceof java.sql.SQLTimeoutException
          || t instanceof java.net.SocketTimeoutException
          || t instanceof SQLTransientConnectionException
          || message.contains("timeout")
          || message.contains("timed out")) {
        return true;
      }
    }
    return false;
  }

  /**
   * A connection of the workers' pool; close it to give it back. One the pool could not open in
   * --connection-wait-timeout says so: hundreds of workers opening theirs at once on a busy server
   * take longer than the default allows.
   */
  public Connection connection() throws SQLException {
    try {
      return pool.getConnection();
    } catch (SQLTransientConnectionException e) {
      throw new SQLTransientConnectionException(
          e.getMessage() + " (--connection-wait-timeout allows longer)",
          e.getSQLState(),
          e.getErrorCode(),
          e);
    }
  }

  /** Closes {@code broken}, a connection of the workers' pool, and takes it out of the pool. */
  void evict(Connection broken) {
    pool.evictConnection(broken);
  }

  /**
   * The connection for prepare, verify and their baselines; close it to give it back, which
   * publishes its session's counts ({@link CountsPublisher}).
   */
  public Connection controlConnection() throws SQLException {
    return publisher.publishingOnClose(control.getConnection());
  }

  /** Publishes the counts of the sessions of txbench's own, where the server keeps them back. */
  public CountsPublisher publisher() {
    return publisher;
  }

  public SqlDialect dialect() {
    return dialect;
  }

  /**
   * Whether each of {@code workers} workers may keep a connection for the whole run: when the pool
   * has one for every worker.
   */
  public boolean canHoldConnections(int workers) {
    return maxConnections >= workers;
  }

  /** Opens the connections the pool keeps, once, before workers share them ({@link PoolFill}). */
  void fill() throws SQLException {
    fill.fill(publisher);
  }

  public IsolationLevel isolation() {
    return isolation;
  }

  /** Whether connections commit each statement (no multi-statement transactions). */
  public boolean autoCommit() {
    return autoCommit;
  }

  /** Ends the transaction of {@code c}'s reads, where connections do not commit each statement. */
  public void commitIfNeeded(Connection c) throws SQLException {
    if (!autoCommit) {
      c.commit();
    }
  }

  @Override
  public String serverVersion() {
    return serverVersion;
  }

  @Override
  public String driver() {
    return driver;
  }

  @Override
  public Map<String, String> serverSettings() {
    return serverSettings;
  }

  /** The driver's name and version, e.g. {@code MariaDB Connector/J 3.5.7}. */
  private static String driverOf(DatabaseMetaData meta) throws SQLException {
    // Connector/J reports "mysql-connector-j-9.7.0 (Revision: ...)": keep the number alone.
    Matcher number = VERSION.matcher(meta.getDriverVersion());
    return meta.getDriverName() + " " + (number.find() ? number.group() : meta.getDriverVersion());
  }

  @Override
  public Optional<ServerTelemetry<?>> telemetry() {
    return Optional.of(
        JdbcTelemetry.open(
            dialect, telemetryOpener, this::sessionsOpen, publisher, endpoint, serverVersion));
  }

  /** The connections its two pools hold open on the server now, in use or idle. */
  private int sessionsOpen() {
    return pool.getHikariPoolMXBean().getTotalConnections()
        + control.getHikariPoolMXBean().getTotalConnections();
  }

  @Override
  public Failure classify(Throwable error) {
    return SqlErrors.classify(error, dialect);
  }

  @Override
  public boolean refusedByServer(Throwable error) {
    return Causes.chain(error).stream().anyMatch(t -> t instanceof SQLException)
        && classify(error).errorClass() != io.txbench.core.spi.ErrorClass.CONNECTION;
  }

  /**
   * The workers run on {@code client}, not on the pools' driver: results name it as the driver
   * ({@code driver}), and it closes with the pools.
   */
  public void workersOn(String driver, AutoCloseable client) {
    this.driver = driver;
    alongside.add(client);
  }

  /**
   * Closes both pools, and what works beside them. A pool still trying to connect to a server that
   * does not answer (frozen, or gone without a word) waits for its connect time-out to close; that
   * wait is left to a background thread after a few seconds, so that the end of a run is not held
   * up by it.
   */
  @Override
  public void close() {
    Thread closing =
        new Thread(
            () -> {
              pool.close();
              control.close();
              for (AutoCloseable client : alongside) {
                try {
                  client.close();
                } catch (Exception e) {
                  // Going away with the target anyway.
                }
              }
            },
            "txbench-pool-close");
    closing.setDaemon(true);
    closing.start();
    try {
      closing.join(CLOSE_WAIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
