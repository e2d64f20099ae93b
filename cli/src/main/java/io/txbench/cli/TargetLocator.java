package io.txbench.cli;

import io.txbench.core.TargetOptions;
import io.txbench.core.TargetUnavailableException;
import java.io.PrintStream;

/**
 * Decides which server a run talks to: the one the user named, the one answering on the target's
 * local port, or an embedded one this process starts (with {@code --embedded}, or when nothing
 * answers).
 */
final class TargetLocator {
  private final String targetName;
  private final boolean forceEmbedded;
  private final PrintStream out;
  private EmbeddedServer embedded;

  TargetLocator(String targetName, boolean forceEmbedded, PrintStream out) {
    this.targetName = targetName;
    this.forceEmbedded = forceEmbedded;
    this.out = out;
  }

  /** The options aimed at the server to use; starts the embedded server if that is the one. */
  TargetOptions locate(TargetOptions options) throws TargetUnavailableException {
    boolean named = options.host() != null || (options.url() != null && !options.url().isBlank());
    if (named && !forceEmbedded) {
      return options;
    }
    if (!forceEmbedded && LocalPorts.answers("localhost", options.port())) {
      return options.at("localhost", options.port(), options.database(), options.user());
    }
    String why = forceEmbedded ? "--embedded" : "Nothing answered on localhost:" + options.port();
    embedded = EmbeddedServers.start(targetName);
    out.println(why + ": started " + embedded.description() + ".");
    return options.at(embedded.host(), embedded.port(), embedded.database(), embedded.user());
  }

  /** The embedded server started by {@link #locate}, or null. */
  EmbeddedServer embedded() {
    return embedded;
  }
}
