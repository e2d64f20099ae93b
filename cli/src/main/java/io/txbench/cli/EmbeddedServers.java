package io.txbench.cli;

import io.txbench.core.TargetUnavailableException;

/** Starts the embedded server of a target, where txbench has one. */
final class EmbeddedServers {
  private EmbeddedServers() {}

  /**
   * Starts it; {@code why} says why one is needed ("--embedded", or "nothing answered on
   * localhost:3306"), for the message of a target that has none.
   */
  static EmbeddedServer start(String target, String why) throws TargetUnavailableException {
    if (target.equals("postgres")) {
      try {
        return EmbeddedPostgresServer.start();
      } catch (RuntimeException e) {
        throw new TargetUnavailableException(e.getMessage(), e);
      }
    }
    if (target.equals("mongo")) {
      return MongoEmulator.start();
    }
    if (target.equals("mysql")) {
      throw new TargetUnavailableException(why + ", and txbench has no embedded MySQL: start one"
          + " (docker compose -f docker/compose.yaml up -d mysql, or your distribution's"
          + " mysql-server or mariadb-server package), or name one with --target-database-host"
          + " or --target-url");
    }
    throw new TargetUnavailableException(why + ", and txbench has no embedded server for "
        + target + ": name one with --target-database-host or --target-url");
  }
}
