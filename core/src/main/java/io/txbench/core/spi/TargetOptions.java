package io.txbench.core.spi;

import io.txbench.core.settings.Secret;
import java.time.Duration;
import java.util.Objects;
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
}
