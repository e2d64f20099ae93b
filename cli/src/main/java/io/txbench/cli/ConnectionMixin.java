package io.txbench.cli;

import io.txbench.cli.options.DurationConverter;
import io.txbench.cli.options.RangeCheck;
import io.txbench.core.settings.ConnectionSettings;
import io.txbench.core.settings.Limits;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** Where the server is and how to connect to it: the OnGres connection options. */
final class ConnectionMixin extends OptionGroup {
  @Option(
      names = "--target-database-host",
      paramLabel = "HOST",
      description =
          "Server host. Default: localhost, or an embedded server if no host, port or"
              + " URL is given and nothing answers on the target's default port.")
  String host;

  @Option(
      names = "--target-database-port",
      paramLabel = "PORT",
      completionCandidates = TargetDefaults.Ports.class,
      description = "Server port. Default: the target's (${COMPLETION-CANDIDATES}).")
  Integer port;

  @Option(
      names = "--target-database-name",
      paramLabel = "NAME",
      completionCandidates = TargetDefaults.Databases.class,
      description =
          "Database to use (made if missing where the target can). Default:"
              + " ${COMPLETION-CANDIDATES}.")
  String database;

  @Option(
      names = "--target-database-user",
      paramLabel = "USER",
      completionCandidates = TargetDefaults.Users.class,
      description = "User name. Default: ${COMPLETION-CANDIDATES}.")
  String user;

  @Option(
      names = "--target-database-password",
      paramLabel = "PASSWORD",
      arity = "0..1",
      description =
          "Password (prefer --target-database-password-file or "
              + BenchmarkCommand.PASSWORD_VARIABLE
              + "). Masked in every output.")
  String password;

  @Option(
      names = "--target-database-password-file",
      paramLabel = "FILE",
      description = "Read the password from the first line of this file.")
  Path passwordFile;

  @Option(
      names = "--target-url",
      paramLabel = "URL",
      description =
          "Full URL in the target's own form (a JDBC URL, a connection string: TLS,"
              + " replica sets, driver options); overrides host, port and name. Repeat it for a list"
              + " of targets: each takes the URL of its kind.")
  List<String> urls;

  @Option(
      names = "--embedded",
      arity = "0..1",
      fallbackValue = "true",
      paramLabel = "true|false",
      description = "Start an embedded server even if one answers locally.")
  boolean embedded;

  @Option(
      names = "--min-connections",
      paramLabel = "N",
      description = "Connections the pool keeps open. Default: --max-connections.")
  Integer minConnections;

  @Option(
      names = "--max-connections",
      paramLabel = "N",
      description =
          "Pool size, 1 to "
              + Limits.MAX_CONNECTIONS
              + ". Default: --parallelism (the"
              + " largest level of a sweep).")
  Integer maxConnections;

  @Option(
      names = "--connection-wait-timeout",
      paramLabel = "TIME",
      defaultValue = Limits.DEFAULT_CONNECTION_WAIT,
      converter = DurationConverter.class,
      description =
          "Longest wait to connect (log in included) or for a pooled connection, 100ms"
              + " to 1h. Default: ${DEFAULT-VALUE}.")
  Duration connectionWaitTimeout;

  @Option(
      names = "--connection-idle-timeout",
      paramLabel = "TIME",
      defaultValue = Limits.DEFAULT_CONNECTION_IDLE,
      converter = DurationConverter.class,
      description =
          "Idle time after which the pool closes a spare connection, up to 24h. While a run"
              + " waits for --start-at, each session makes a round trip every half of it (0:"
              + " none), so that neither the pool nor a server or firewall with that limit closes"
              + " it. Default: ${DEFAULT-VALUE}.")
  Duration connectionIdleTimeout;

  /** The password: from its file, the option, or the TXBENCH_PASSWORD variable, in that order. */
  Secret password(Map<String, String> environment) {
    if (passwordFile != null && password != null) {
      throw usage(
          "--target-database-password and --target-database-password-file exclude each"
              + " other: give one");
    }
    if (passwordFile != null) {
      try {
        List<String> lines = Files.readAllLines(passwordFile, StandardCharsets.UTF_8);
        return Secret.of(lines.isEmpty() ? "" : lines.get(0).strip());
      } catch (IOException e) {
        String why =
            e instanceof java.nio.file.NoSuchFileException
                ? "no such file"
                : e instanceof java.nio.file.AccessDeniedException
                    ? "permission denied"
                    : String.valueOf(e.getMessage());
        throw usage("--target-database-password-file: cannot read " + passwordFile + ": " + why);
      }
    }
    if (password != null) {
      return Secret.of(password);
    }
    String fromEnvironment = environment.get(BenchmarkCommand.PASSWORD_VARIABLE);
    return fromEnvironment == null ? Secret.none() : Secret.of(fromEnvironment);
  }

  /**
   * The connection options for one target, with its defaults where none was given but the user,
   * which {@link ConnectionSettings} settles.
   */
  TargetOptions forTarget(
      TargetBinding provider,
      int targetCount,
      int largestLevel,
      OptionValues declared,
      Secret secret) {
    checkPort();
    if (embedded
        && (host != null
            || port != null
            || database != null
            || user != null
            || (urls != null && !urls.isEmpty()))) {
      throw usage(
          "--embedded starts a server of its own: it excludes"
              + " --target-database-host, --target-database-port, --target-database-name,"
              + " --target-database-user and --target-url");
    }
    for (String[] named :
        new String[][] {
          {"--target-database-host", host},
          {"--target-database-name", database},
          {"--target-database-user", user}
        }) {
      if (named[1] != null && named[1].isBlank()) {
        throw usage(named[0] + " must not be empty: name one, or leave the option out");
      }
    }
    if (urls != null && urls.stream().anyMatch(u -> u == null || u.isBlank())) {
      throw usage(
          "--target-url must not be empty: give the target's URL, or" + " leave the option out");
    }
    RangeCheck limits = new RangeCheck(spec);
    limits.check("--connection-wait-timeout", Limits.CONNECTION_WAIT, connectionWaitTimeout);
    limits.check("--connection-idle-timeout", Limits.CONNECTION_IDLE, connectionIdleTimeout);
    int max = maxConnections == null ? largestLevel : maxConnections;
    limits.check("--max-connections", Limits.CONNECTIONS, (long) max);
    int min = minConnections == null ? max : minConnections;
    if (min < 0 || min > max) {
      throw usage("--min-connections must be between 0 and --max-connections (" + max + ")");
    }
    String url = TargetUrls.pick(urls, provider, targetCount);
    // A port alone names a server too: localhost on that port, never an embedded stand-in.
    String named = host == null && port != null && url == null ? "localhost" : host;
    return new TargetOptions(
        named,
        port == null ? provider.defaultPort() : port,
        database == null ? provider.defaultDatabase() : database,
        user, // if null, ConnectionSettings gives the default unless the URL names a user
        secret,
        url,
        min,
        max,
        connectionWaitTimeout,
        connectionIdleTimeout,
        declared);
  }

  /**
   * Refuses a --target-url that none of {@code targets} takes: of a list, each target takes the URL
   * of its scheme, and one of no target's would be left out unsaid.
   */
  void checkEveryUrlTaken(List<TargetBinding> targets, List<TargetBinding> all) {
    for (String url : urls == null ? List.<String>of() : urls) {
      try {
        ConnectionSettings.checkTaken(url, targets, all);
      } catch (IllegalArgumentException e) {
        throw usage("--target-url: " + e.getMessage());
      }
    }
  }

  private void checkPort() {
    if (port != null && (port < Limits.PORT.min() || port > Limits.PORT.max())) {
      throw usage(
          String.format(
              "--target-database-port: %d is not a port (%d-%d)",
              port, Limits.PORT.min(), Limits.PORT.max()));
    }
  }
}
