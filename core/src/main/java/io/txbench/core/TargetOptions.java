package io.txbench.core;

import java.time.Duration;

/**
 * How to reach and use a target. {@code url} (a JDBC URL or connection string) wins over host,
 * port and name when given. {@code mongo} matters to MongoDB only, {@code isolationLevel} to SQL
 * databases only.
 */
public record TargetOptions(
    String host,
    int port,
    String database,
    String user,
    Secret password,
    String url,
    int minConnections,
    int maxConnections,
    Duration connectionWaitTimeout,
    Duration connectionIdleTimeout,
    IsolationLevel isolationLevel,
    MongoOptions mongo) {

  /** The same options aimed at another server (an embedded one). */
  public TargetOptions at(String newHost, int newPort, String newDatabase, String newUser) {
    return new TargetOptions(newHost, newPort, newDatabase, newUser, password, null,
        minConnections, maxConnections, connectionWaitTimeout, connectionIdleTimeout,
        isolationLevel, mongo);
  }

  /** Where the target is, for messages: the URL without credentials, or host:port/database. */
  public String describe() {
    if (url != null && !url.isBlank()) {
      return password.maskIn(Secret.maskUrl(url));
    }
    return host + ":" + port + "/" + database;
  }
}
