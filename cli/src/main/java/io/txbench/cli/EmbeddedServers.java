package io.txbench.cli;

import io.txbench.core.TargetUnavailableException;

/** Starts the embedded server of a target, where txbench has one. */
final class EmbeddedServers {
  private EmbeddedServers() {}

  static EmbeddedServer start(String target) throws TargetUnavailableException {
    if (target.equals("postgres")) {
      try {
        return EmbeddedPostgresServer.start();
      } catch (RuntimeException e) {
        throw new TargetUnavailableException(e.getMessage(), e);
      }
    }
    throw new TargetUnavailableException("txbench has no embedded server for " + target
        + ": start one (docker compose -f docker/compose.yaml up -d " + target
        + ") or name one with --target-database-host or --target-url");
  }
}
