package io.txbench.core.telemetry;

import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.TargetOptions;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Where a run ran, in a few words for its summary: {@code host:port} of the server it was given or
 * found, or what txbench started itself and where (the embedded server's kind, then {@code on
 * host:port}).
 */
public final class ServerAddress {
  /** The hosts of a URL: after {@code //}, without any {@code user:password@}. */
  private static final Pattern URL_HOSTS = Pattern.compile("//(?:[^@/?]*@)?([^/?]+)");

  private ServerAddress() {}

  public static String of(TargetOptions options, @Nullable EmbeddedServer embedded) {
    if (embedded != null) {
      return embedded.kind() + " on " + embedded.host() + ":" + embedded.port();
    }
    if (options.url() != null && !options.url().isBlank()) {
      Matcher hosts = URL_HOSTS.matcher(options.url());
      return hosts.find() ? hosts.group(1) : options.describe();
    }
    return options.host() + ":" + options.port();
  }
}
