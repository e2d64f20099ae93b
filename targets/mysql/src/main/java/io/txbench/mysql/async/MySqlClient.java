package io.txbench.mysql.async;

import io.txbench.core.spi.DeclaredOption;

/**
 * How the workers of a MySQL or MariaDB run reach the server ({@code --mysql-client}): a JDBC
 * driver with a thread blocked per connection, or the event-loop client with every connection's
 * iterations chained on a few threads.
 */
public enum MySqlClient {
  JDBC,
  ASYNC;

  /** The option the MySQL target declares. */
  public static final DeclaredOption<MySqlClient> OPTION =
      DeclaredOption.choice(
          "--mysql-client",
          "CLIENT",
          "the workers' client: jdbc (the JDBC driver of --mysql-driver, a thread per connection;"
              + " any URL the driver takes) or async (txbench's own protocol client on Netty's"
              + " event loops, a few threads for every connection; a URL of one server, and of"
              + " the drivers' parameters user, password, sslMode, useSSL and those that tune the"
              + " driver alone).",
          JDBC);
}
