package io.txbench.core.spi;

import io.txbench.core.spi.server.ServerEndpoint;
import io.txbench.core.spi.values.Secret;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * How to reach and use a target. {@code url} (the target's own URL: a JDBC URL, a connection
 * string) wins over host, port and name when given. {@code declared} holds the values of the
 * options the target's provider declares for itself ({@link TargetBinding#options()}), which only
 * that provider reads.
 */
public record TargetOptions(
    @Nullable String host,
    int port,
    @Nullable String database,
    @Nullable String user,
    Secret password,
    @Nullable String url,
    int minConnections,
    int maxConnections,
    Duration connectionWaitTimeout,
    Duration connectionIdleTimeout,
    OptionValues declared) {

  /** The same options aimed at another server (an embedded one). */
  public TargetOptions at(
      String newHost, int newPort, @Nullable String newDatabase, @Nullable String newUser) {
    return new TargetOptions(
        newHost,
        newPort,
        newDatabase,
        newUser,
        password,
        null,
        minConnections,
        maxConnections,
        connectionWaitTimeout,
        connectionIdleTimeout,
        declared);
  }

  /** The same options, the target's own {@code option} set to {@code value}. */
  public <T> TargetOptions with(DeclaredOption<T> option, T value) {
    return new TargetOptions(
        host,
        port,
        database,
        user,
        password,
        url,
        minConnections,
        maxConnections,
        connectionWaitTimeout,
        connectionIdleTimeout,
        declared.with(option, value));
  }

  /**
   * Where the target is, for messages: the URL with its secrets masked where they stand, or
   * host:port/database.
   */
  public String describe() {
    if (url != null && !url.isBlank()) {
      return Objects.requireNonNull(Secret.maskUrl(url), "a URL masked is a URL");
    }
    return host + ":" + port + "/" + database;
  }

  /** The first host of a URL: after {@code //} and any {@code user:password@}, up to , / or ?. */
  private static final Pattern URL_HOST = Pattern.compile("//(?:[^@/?]*@)?([^/?,]+)");

  /** The server's endpoint the options name; empty when a URL names none txbench can read. */
  public Optional<ServerEndpoint> endpoint() {
    if (url() == null || url().isBlank()) {
      return Optional.of(new ServerEndpoint(host(), port()));
    }
    Matcher m = URL_HOST.matcher(url());
    if (!m.find()) {
      return Optional.empty();
    }
    String hostPort = m.group(1);
    String host = hostPort;
    int port = port();
    int close = hostPort.lastIndexOf(']');
    int colon = hostPort.lastIndexOf(':');
    if (colon > close && (close >= 0 || hostPort.indexOf(':') == colon)) {
      host = hostPort.substring(0, colon);
      try {
        port = Integer.parseInt(hostPort.substring(colon + 1));
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    }
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    return Optional.of(new ServerEndpoint(host, port));
  }
}
