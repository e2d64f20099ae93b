package io.txbench.mysql.async;

/**
 * Whether a connection is encrypted, and how far the server is checked: Connector/J's sslMode, to
 * which MariaDB Connector/J's own modes map (disable, trust, verify-ca, verify-full); and {@link
 * #DRIVERS_DEFAULT}, each driver's default for the server it would speak to (MariaDB Connector/J's
 * none for a MariaDB server, Connector/J's PREFERRED for MySQL).
 */
enum MySqlTls {
  DISABLED,
  PREFERRED,
  REQUIRED,
  VERIFY_CA,
  VERIFY_IDENTITY,
  DRIVERS_DEFAULT;

  /** This mode for a server whose version string says whether it is MariaDB. */
  MySqlTls forServer(boolean mariaDb) {
    return this != DRIVERS_DEFAULT ? this : mariaDb ? DISABLED : PREFERRED;
  }

  /** Whether the connection asks the server for TLS when the server offers it. */
  boolean asks() {
    return this != DISABLED;
  }

  /** Whether a server that offers no TLS is refused. */
  boolean requires() {
    return this != DISABLED && this != PREFERRED;
  }

  /** Whether the server's certificate is checked against the JDK's trusted ones. */
  boolean verifies() {
    return this == VERIFY_CA || this == VERIFY_IDENTITY;
  }
}
