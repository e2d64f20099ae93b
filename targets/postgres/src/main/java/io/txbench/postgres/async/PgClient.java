package io.txbench.postgres.async;

import io.txbench.core.spi.DeclaredOption;

/**
 * How the workers of a PostgreSQL run reach the server ({@code --pg-client}): PgJDBC with a thread
 * blocked per connection, or the event-loop client with every connection's iterations chained on a
 * few threads.
 */
public enum PgClient {
  JDBC,
  ASYNC;

  /** The option the PostgreSQL target declares. */
  public static final DeclaredOption<PgClient> OPTION =
      DeclaredOption.choice(
          "--pg-client",
          "CLIENT",
          "the workers' client: jdbc (PgJDBC, a thread per connection; any URL PgJDBC"
              + " takes) or async (txbench's own protocol client on Netty's event loops, a few"
              + " threads for every connection; a URL of one server, and of PgJDBC's parameters"
              + " user, password, sslmode, currentSchema and those that tune PgJDBC alone).",
          JDBC);
}
