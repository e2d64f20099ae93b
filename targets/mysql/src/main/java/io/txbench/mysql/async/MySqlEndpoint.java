package io.txbench.mysql.async;

import io.txbench.core.spi.values.Secret;
import io.txbench.jdbc.client.IsolationLevel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the event-loop client connects and as whom: the server, the database (empty: none), the
 * user and its password (a {@link Secret}, so that it prints as asterisks), the TLS mode, the
 * isolation level every connection's session takes (as the JDBC pool sets it on its connections),
 * and how long a connection may take to open.
 */
record MySqlEndpoint(
    String host,
    int port,
    String database,
    String user,
    Secret password,
    MySqlTls tls,
    IsolationLevel isolation,
    Duration connectTimeout) {
  static final int DEFAULT_PORT = 3306;

  /**
   * The statements that set up a new session as the JDBC pool sets up its connections: the run's
   * isolation level, and autocommit off unless {@code autoCommit}.
   */
  List<String> sessionSetup(boolean autoCommit) {
    List<String> setup = new ArrayList<>();
    setup.add("SET SESSION TRANSACTION ISOLATION LEVEL " + isolation.name().replace('_', ' '));
    if (!autoCommit) {
      setup.add("SET autocommit = 0");
    }
    return List.copyOf(setup);
  }
}
