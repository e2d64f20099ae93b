package io.txbench.jdbc.client;

import io.txbench.core.spi.values.Secret;
import java.sql.SQLException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A JDBC URL its driver could not parse: {@link java.sql.DriverManager} then says only "No suitable
 * driver", as if the URL were of another database. Said instead in txbench's words, with where the
 * URL is wrong; never with a parameter's value, which may be the password.
 */
public final class UnparsedUrl {
  /** A % that starts no %XX escape, which the drivers' URL decoding refuses. */
  private static final Pattern BAD_ESCAPE = Pattern.compile("%(?![0-9A-Fa-f]{2})");

  /** A parameter named like a secret, as {@link io.txbench.core.spi.values.Credentials} masks. */
  private static final Pattern SECRET_NAME =
      Pattern.compile("(?i)[\\w.-]*(?:password|pwd|secret|token)[\\w.-]*");

  /** The servers of a URL: its hosts and ports, up to its path or parameters. */
  private static final Pattern SERVERS = Pattern.compile("^jdbc:[\\w:-]+://(?:[^/?@]*@)?([^/?]*)");

  /** A host's port, at the end of one of its servers. */
  private static final Pattern PORT = Pattern.compile(":(\\d+)$");

  private static final long MAX_PORT = 65_535;

  private UnparsedUrl() {}

  /**
   * Refuses, before any driver reads it, a {@code url} no driver could use: one that names a port
   * no TCP port is (pgjdbc logs a warning of its own, then says only "No suitable driver").
   *
   * @throws IllegalArgumentException in one line, the URL's password masked
   */
  public static void check(@Nullable String url) {
    if (url == null) {
      return;
    }
    Matcher servers = SERVERS.matcher(url.strip());
    if (!servers.find()) {
      return;
    }
    for (String server : servers.group(1).split(",", -1)) {
      Matcher port = PORT.matcher(server);
      if (port.find()) {
        String digits = port.group(1);
        if (digits.length() > 5
            || Long.parseLong(digits) == 0
            || Long.parseLong(digits) > MAX_PORT) {
          throw new IllegalArgumentException(
              "'"
                  + Secret.maskUrl(url.strip())
                  + "' names port "
                  + digits
                  + ": a TCP port is 1 to "
                  + MAX_PORT);
        }
      }
    }
  }

  /** Whether {@code e} is the driver manager's refusal of a URL no driver would parse. */
  static boolean refused(Throwable e) {
    return e instanceof SQLException sql
        && "08001".equals(sql.getSQLState())
        && String.valueOf(sql.getMessage()).startsWith("No suitable driver");
  }

  /** Why the driver could not parse {@code url}, in one sentence naming where. */
  static String why(String url) {
    return "the driver could not parse the URL"
        + where(url).map(w -> ": " + w).orElse(": check its parameters after the ?")
        + "; in a value, write % as %25 and & as %26";
  }

  /**
   * Where {@code url} holds a % that starts no escape: before its parameters, or in which one. A
   * parameter after a secret's (password=) is named by the secret's: its name may be a piece of the
   * password that a raw & split off.
   */
  private static Optional<String> where(String url) {
    int query = url.indexOf('?');
    String head = query < 0 ? url : url.substring(0, query);
    if (BAD_ESCAPE.matcher(head).find()) {
      return Optional.of("a % before its parameters starts no %XX escape");
    }
    if (query < 0) {
      return Optional.empty();
    }
    String secret = null;
    for (String parameter : url.substring(query + 1).split("&", -1)) {
      int equals = parameter.indexOf('=');
      String name = equals < 0 ? parameter : parameter.substring(0, equals);
      if (BAD_ESCAPE.matcher(parameter).find()) {
        return Optional.of(
            secret == null
                ? "the value of its parameter '" + name + "' holds a % that starts no %XX escape"
                : "the value of its parameter '"
                    + secret
                    + "', or one after it, holds a % that starts no %XX escape");
      }
      if (secret == null && SECRET_NAME.matcher(name).matches()) {
        secret = name;
      }
    }
    return Optional.empty();
  }
}
