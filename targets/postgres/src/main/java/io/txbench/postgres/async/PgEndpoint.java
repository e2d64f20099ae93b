package io.txbench.postgres.async;

import io.txbench.core.spi.values.Secret;
import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Where the event-loop client connects and as whom: the server, the database, the user and its
 * password (a {@link Secret}, so that it prints as asterisks), libpq's SSL mode, the run-time
 * parameters the startup message sets (application_name, default_transaction_isolation,
 * search_path), and how long a connection may take to open.
 */
record PgEndpoint(
    String host,
    int port,
    String database,
    @Nullable String user,
    Secret password,
    String sslMode,
    Map<String, String> parameters,
    Duration connectTimeout) {
  static final int DEFAULT_PORT = 5432;

  PgEndpoint {
    parameters = Map.copyOf(parameters);
  }

  /** Whether the connection asks the server for TLS first ({@code prefer} and stricter). */
  boolean asksForTls() {
    return !sslMode.equals("disable") && !sslMode.equals("allow");
  }

  /** Whether a server that refuses TLS is refused in turn ({@code require} and stricter). */
  boolean requiresTls() {
    return asksForTls() && !sslMode.equals("prefer");
  }

  /**
   * Whether the server's certificate is checked, and its name ({@code verify-ca}, {@code -full}).
   */
  boolean verifiesServer() {
    return sslMode.startsWith("verify");
  }
}
