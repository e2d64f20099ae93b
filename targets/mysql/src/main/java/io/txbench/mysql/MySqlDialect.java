package io.txbench.mysql;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.TargetOptions;
import io.txbench.jdbc.client.BatchInsertLoader;
import io.txbench.jdbc.client.BulkLoader;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.client.ServerSettings;
import io.txbench.jdbc.client.SqlDialect;
import io.txbench.jdbc.schema.OwnDatabase;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * MySQL 8.x and MariaDB 10.11+, each through its own driver by default ({@link MySqlDriver}):
 * rewritten batches for loading, DELETE ... RETURNING on MariaDB alone, error 1213 (deadlock), 1205
 * (lock wait timeout) and 1020 (MariaDB's snapshot isolation conflict) retried.
 */
public final class MySqlDialect implements SqlDialect {
  private static final int LOAD_BATCH_ROWS = 2_000;

  /** A MariaDB server's version as {@link #serverVersion} gives it: {@code MariaDB 11.4.5}. */
  private static final Pattern MARIADB_VERSION = Pattern.compile("MariaDB (\\d+)\\.(\\d+)");

  /**
   * The settings that decide a run's figures: the version, InnoDB's memory and durability, the
   * binary log's, the default isolation (tx_isolation on MariaDB before 11.1 and MySQL before 8).
   */
  private static final List<String> SETTINGS =
      List.of(
          "version",
          "innodb_buffer_pool_size",
          "innodb_flush_log_at_trx_commit",
          "sync_binlog",
          "transaction_isolation",
          "tx_isolation");

  private final MySqlDriver driver;
  private final boolean followsServer;

  /**
   * Speaks through {@code driver}; when {@code followsServer}, through the server's own driver
   * instead once it is known ({@link #forServer}).
   */
  MySqlDialect(MySqlDriver driver, boolean followsServer) {
    this.driver = driver;
    this.followsServer = followsServer;
  }

  @Override
  public String product() {
    return "MySQL";
  }

  @Override
  public int defaultPort() {
    return 3306;
  }

  @Override
  public String defaultUser() {
    return "root";
  }

  @Override
  public String defaultDatabase() {
    return "txbench";
  }

  @Override
  public String serverVersion(DatabaseMetaData meta) throws SQLException {
    String version = meta.getDatabaseProductVersion();
    int mariadb = version.indexOf("-MariaDB");
    if (mariadb < 0) {
      return "MySQL " + version;
    }
    // MariaDB 10 prefixes its version with 5.5.5- for old MySQL clients.
    String own = version.substring(0, mariadb);
    return "MariaDB " + (own.startsWith("5.5.5-") ? own.substring(6) : own);
  }

  /** The server's global values, not the session's: the driver sets the session's isolation. */
  @Override
  public Map<String, String> serverSettings(Connection connection) throws SQLException {
    Map<String, String> settings =
        new LinkedHashMap<>(
            ServerSettings.read(
                connection, "SHOW GLOBAL VARIABLES WHERE Variable_name IN ", SETTINGS));
    if (settings.containsKey("transaction_isolation")) {
      settings.remove("tx_isolation"); // the same variable by its old name, where both exist
    }
    return Collections.unmodifiableMap(settings);
  }

  @Override
  public String jdbcUrl(TargetOptions options) {
    return driver.url(options.host(), options.port(), options.database());
  }

  @Override
  public String driverUrl(String url) {
    return driver.url(url);
  }

  @Override
  public SqlDialect forServer(String serverVersion) {
    MySqlDriver own = MySqlDriver.ownOf(serverVersion);
    return followsServer && own != driver ? new MySqlDialect(own, false) : this;
  }

  @Override
  public Properties connectionProperties(TargetOptions options) {
    // The default database is txbench's own: made if missing by createOwnDatabase, and dropped by
    // --drop when txbench made it. Never by the driver, which would make it again, unmarked, on
    // the first connection after --drop. Any other, or one a URL names, is the user's: a
    // mistyped name is an error, not a new database.
    return driver.properties(options);
  }

  @Override
  public void createOwnDatabase(TargetOptions options) throws SQLException {
    boolean named = options.url() != null && !options.url().isBlank();
    if (named || !defaultDatabase().equals(options.database())) {
      return;
    }
    Properties properties = driver.properties(options);
    if (options.user() != null && !options.user().isEmpty()) {
      properties.setProperty("user", options.user());
    }
    if (!options.password().isEmpty()) {
      properties.setProperty("password", options.password().reveal());
    }
    // As the control connections do: a server that takes the connection and never greets it (a
    // frozen one) fails it after the connection wait, rather than holding txbench forever.
    properties.putAll(MySqlDriver.controlProperties(options.connectionWaitTimeout()));
    try (Connection server =
        DriverManager.getConnection(driver.url(options.host(), options.port(), ""), properties)) {
      OwnDatabase.createIfMissing(server, defaultDatabase());
    }
  }

  @Override
  public java.util.Optional<io.txbench.jdbc.client.ServerCounters> serverCounters() {
    return java.util.Optional.of(new MySqlCounters());
  }

  @Override
  public Properties controlProperties(java.time.Duration readTimeout) {
    return MySqlDriver.controlProperties(readTimeout);
  }

  @Override
  public String upsert(String insert, String table, String key, String column, String added) {
    return insert + " ON DUPLICATE KEY UPDATE " + column + " = " + column + " + " + added;
  }

  /**
   * InnoDB's REPEATABLE READ reads a snapshot but updates the latest row without an error: what a
   * transaction updates, it reads locked (FOR UPDATE), but at READ COMMITTED.
   */
  @Override
  public String readToUpdate(String select, IsolationLevel isolation) {
    return isolation == IsolationLevel.READ_COMMITTED ? select : select + " FOR UPDATE";
  }

  /** Neither MySQL nor MariaDB has GROUPING SETS or CUBE. */
  @Override
  public boolean groupingSets() {
    return false;
  }

  @Override
  public String rollup(String columns) {
    return columns + " WITH ROLLUP";
  }

  @Override
  public String sumWhere(String value, String condition) {
    return "SUM(CASE WHEN " + condition + " THEN " + value + " ELSE 0 END)";
  }

  @Override
  public String identifier(String name) {
    return '`' + name.replace("`", "``") + '`';
  }

  @Override
  public String identityColumn() {
    return "BIGINT AUTO_INCREMENT PRIMARY KEY";
  }

  /**
   * MariaDB since 10.5 ({@code DELETE ... RETURNING}); MySQL has none. The server, not the driver,
   * decides: either driver may speak to either server ({@code --mysql-driver}).
   */
  @Override
  public boolean deleteReturns(String serverVersion) {
    Matcher version = MARIADB_VERSION.matcher(serverVersion);
    if (!version.lookingAt()) {
      return false;
    }
    int major = Integer.parseInt(version.group(1));
    int minor = Integer.parseInt(version.group(2));
    return major > 10 || (major == 10 && minor >= 5);
  }

  @Override
  public String epochMillis() {
    return "CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED)";
  }

  @Override
  public String analyze(String table) {
    return "ANALYZE TABLE " + table;
  }

  @Override
  public @Nullable Failure classify(SQLException error) {
    return switch (error.getErrorCode()) {
      case 1213 -> Failure.retryable(ErrorClass.DEADLOCK);
      case 1205 -> Failure.retryable(ErrorClass.LOCK_TIMEOUT);
      case 1020 -> Failure.retryable(ErrorClass.SERIALIZATION);
      default -> null;
    };
  }

  @Override
  public BulkLoader bulkLoader() {
    return new BatchInsertLoader(LOAD_BATCH_ROWS);
  }

  @Override
  public void afterExplicitIds(Connection connection, String table, String idColumn) {
    // AUTO_INCREMENT already continues after the largest id inserted.
  }
}
