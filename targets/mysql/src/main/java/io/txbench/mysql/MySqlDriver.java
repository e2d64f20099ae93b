package io.txbench.mysql;

import io.txbench.core.spi.TargetOptions;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/**
 * The JDBC drivers the {@code mysql} target speaks through. Each server is fastest through its own:
 * on a MariaDB server, MySQL Connector/J spends about twice the client CPU per point select that
 * MariaDB Connector/J does (docs/benchmarks.md), which on a shared machine would understate
 * MariaDB.
 */
enum MySqlDriver {
  /** MySQL Connector/J. */
  MYSQL("jdbc:mysql:") {
    @Override
    void addOwnProperties(Properties p) {
      p.setProperty("rewriteBatchedStatements", "true");
      // Skip round trips that only restate the session's autocommit and isolation.
      p.setProperty("useLocalSessionState", "true");
      p.setProperty("elideSetAutoCommits", "true");
    }
  },
  /** MariaDB Connector/J. */
  MARIADB("jdbc:mariadb:") {
    @Override
    void addOwnProperties(Properties p) {
      // Batches are sent in one go by default; the session state is tracked by the driver.
    }
  };

  private final String scheme;

  MySqlDriver(String scheme) {
    this.scheme = scheme;
  }

  /** The driver a server answers fastest to: its own, by the version string it reports. */
  static MySqlDriver ownOf(String serverVersion) {
    return serverVersion.startsWith("MariaDB") ? MARIADB : MYSQL;
  }

  /** The driver a URL names by its scheme, or null for a URL of neither. */
  static @Nullable MySqlDriver namedBy(String url) {
    for (MySqlDriver driver : values()) {
      if (url.regionMatches(true, 0, driver.scheme, 0, driver.scheme.length())) {
        return driver;
      }
    }
    return null;
  }

  /**
   * {@code url} for this driver: a plain {@code jdbc:mysql://} or {@code jdbc:mariadb://} URL takes
   * this driver's scheme, keeping hosts, database and parameters; any other is left as is.
   */
  String url(String url) {
    MySqlDriver named = namedBy(url);
    if (named == null || named == this || !url.startsWith("//", named.scheme.length())) {
      return url;
    }
    return scheme + url.substring(named.scheme.length());
  }

  String url(@Nullable String host, int port, @Nullable String database) {
    return scheme + "//" + host + ":" + port + "/" + database;
  }

  /** The properties both drivers take, then this one's own. Never the password. */
  Properties properties(TargetOptions options) {
    Properties p = new Properties();
    // Server-side prepared statements, as sysbench's: the statement is parsed once per session.
    p.setProperty("useServerPrepStmts", "true");
    p.setProperty("cachePrepStmts", "true");
    p.setProperty("prepStmtCacheSize", "64");
    p.setProperty("allowPublicKeyRetrieval", "true");
    p.setProperty("connectTimeout", String.valueOf(options.connectionWaitTimeout().toMillis()));
    p.setProperty("tcpKeepAlive", "true");
    addOwnProperties(p);
    return p;
  }

  /** The control connections' time-out on each read (see SqlDialect#controlProperties). */
  static Properties controlProperties(java.time.Duration readTimeout) {
    Properties p = new Properties();
    p.setProperty("socketTimeout", String.valueOf(readTimeout.toMillis()));
    return p;
  }

  abstract void addOwnProperties(Properties p);
}
