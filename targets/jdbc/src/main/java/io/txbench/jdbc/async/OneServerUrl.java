package io.txbench.jdbc.async;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A JDBC URL as an event-loop client reads it: one server, its database, and its parameters in
 * order, each value decoded; the drivers' other forms (several hosts, failover, a user before the
 * host) are theirs, and refused with the option that picks the JDBC driver instead.
 *
 * @param host the server's host
 * @param port its port, or -1 when the URL names none
 * @param database the database, empty when the URL names none
 * @param parameters the parameters, each name with its decoded value (empty for a bare name)
 */
public record OneServerUrl(
    String host, int port, String database, List<Map.Entry<String, String>> parameters) {

  /**
   * Reads {@code url}, of one of {@code schemes} (such as {@code postgresql}) in the form {@code
   * form} ({@code jdbc:postgresql://host[:port]/database}).
   *
   * @param jdbcChoice the option that picks the JDBC driver, for a URL this cannot read
   * @throws IllegalArgumentException in one line that never quotes the URL, password and all
   */
  public static OneServerUrl parse(
      String url, Set<String> schemes, String form, String jdbcChoice) {
    URI uri;
    try {
      uri = new URI(url.strip().replaceFirst("(?i)^jdbc:", ""));
    } catch (URISyntaxException e) {
      // Its reason, not its message: that quotes the URL, password and all.
      throw new IllegalArgumentException(
          "not a URL the event-loop client can read: " + e.getReason(), e);
    }
    if (uri.getRawUserInfo() != null) {
      throw new IllegalArgumentException(
          "a user and password go in the URL's parameters user and password for the event-loop"
              + " client, not before its host: give them so, or "
              + jdbcChoice);
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (uri.getHost() == null || !schemes.contains(scheme)) {
      throw new IllegalArgumentException(
          "the event-loop client takes a URL of one server ("
              + form
              + "), and the JDBC driver the others: give "
              + jdbcChoice);
    }
    List<Map.Entry<String, String>> parameters = new ArrayList<>();
    String query = uri.getRawQuery();
    for (String pair : query == null ? new String[0] : query.split("&")) {
      if (!pair.isEmpty()) {
        int eq = pair.indexOf('=');
        parameters.add(
            eq > 0
                ? Map.entry(
                    pair.substring(0, eq),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8))
                : Map.entry(pair, ""));
      }
    }
    String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
    return new OneServerUrl(uri.getHost(), uri.getPort(), path, List.copyOf(parameters));
  }

  /** Whether the URL names {@code name}, in any case, among its parameters. */
  public boolean names(String name) {
    return parameters.stream().anyMatch(p -> p.getKey().equalsIgnoreCase(name));
  }
}
