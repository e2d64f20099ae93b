package io.txbench.api.run;

import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.jspecify.annotations.Nullable;

/**
 * Decides which server a run talks to: the one the user named, the one answering on the target's
 * local port, or an embedded one this process starts (with {@code --embedded}, or when nothing
 * answers).
 */
public final class TargetLocator {
  private final TargetBinding provider;
  private final @Nullable String forcedBy;
  private final boolean loadsData;
  private final PrintStream out;
  private @Nullable EmbeddedServer embedded;

  /**
   * Locates {@code provider}'s server; {@code forcedBy} says why an embedded one is started
   * whatever answers ({@code --embedded}; null: only when nothing answers on the target's local
   * port).
   */
  public TargetLocator(
      TargetBinding provider, @Nullable String forcedBy, boolean loadsData, PrintStream out) {
    this.provider = provider;
    this.forcedBy = forcedBy;
    this.loadsData = loadsData;
    this.out = out;
  }

  /**
   * The options aimed at the server to use; starts the embedded server if that is the one. A server
   * is named by a host, a port or a URL: a named server that does not answer is an error, never a
   * reason to measure another one.
   */
  public TargetOptions locate(TargetOptions options) throws TargetUnavailableException {
    boolean named = options.host() != null || (options.url() != null && !options.url().isBlank());
    if (named && forcedBy == null) {
      return options;
    }
    if (forcedBy == null && answers(options.port())) {
      TargetOptions found =
          options.at("localhost", options.port(), options.database(), options.user());
      out.println(foundLine(found));
      return found;
    }
    String why = forcedBy != null ? forcedBy : "nothing answered on localhost:" + options.port();
    EmbeddedServer started = provider.startEmbedded(why);
    embedded = started;
    out.println(capitalized(why) + ": started " + started.description() + ".");
    return options.at(started.host(), started.port(), started.database(), started.user());
  }

  /**
   * Said before anything is created on a server nobody named: which one, as whom, and that what
   * txbench loads stays there.
   */
  private String foundLine(TargetOptions found) {
    String database = found.database() != null ? found.database() : provider.defaultDatabase();
    String user = found.user() != null ? found.user() : provider.defaultUser();
    String kept =
        loadsData
            ? "txbench creates its tables there and keeps them after the run (--drop removes them)"
            : "txbench only reads and writes what its workload sends";
    return "Using the "
        + provider.target()
        + " server found on localhost:"
        + found.port()
        + " (database "
        + database
        + ", user "
        + (user == null || user.isEmpty() ? "none" : user)
        + "): "
        + kept
        + "; --embedded runs on a throw-away server instead.";
  }

  private static String capitalized(String text) {
    return text.startsWith("-") ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  /** Whether something listens on {@code port} of this machine. */
  private static boolean answers(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("localhost", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The embedded server started by {@link #locate}, or null. */
  public @Nullable EmbeddedServer embedded() {
    return embedded;
  }
}
