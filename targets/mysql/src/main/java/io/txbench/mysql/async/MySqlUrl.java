package io.txbench.mysql.async;

import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.jdbc.async.OneServerUrl;
import io.txbench.jdbc.client.IsolationLevel;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Where the event-loop client connects, read from the options the JDBC driver is given: a URL's one
 * server, database and the parameters the client follows (user, password, and TLS as Connector/J's
 * sslMode or useSSL, or MariaDB Connector/J's sslMode or useSsl, read them), or host, port and
 * database; then the user and password given apart. A URL the client cannot follow is refused in
 * one line, never with its password.
 */
final class MySqlUrl {
  private static final String CHOOSE_JDBC = "--mysql-client jdbc";

  /**
   * The drivers' parameters that tune the driver itself, and so tell the event-loop client nothing
   * (it prepares every statement, keeps no cache of them, fetches every row). Any other but those
   * {@link #endpoint} reads changes the session or how it is reached, and is refused.
   */
  private static final Set<String> DRIVER_ONLY =
      Set.of(
          "allowmultiqueries",
          "allowpublickeyretrieval",
          "autoreconnect",
          "cacheprepstmts",
          "cacheresultsetmetadata",
          "cacheserverconfiguration",
          "connecttimeout",
          "connectiontimezone",
          "defaultfetchsize",
          "dumpqueriesonexception",
          "elidesetautocommits",
          "maintaintimestats",
          "permitmysqlscheme",
          "prepstmtcachesize",
          "prepstmtcachesqllimit",
          "rewritebatchedstatements",
          "servertimezone",
          "sockettimeout",
          "tcpkeepalive",
          "tcpnodelay",
          "usebulkstmts",
          "usebulkstmtsforinserts",
          "uselocalsessionstate",
          "uselocaltransactionstate",
          "useserverprepstmts",
          "useunicode",
          "zerodatetimebehavior");

  private MySqlUrl() {}

  /**
   * The endpoint {@code options} name. Without a URL's sslMode, {@code defaultTls}: the default of
   * the driver the JDBC workers would use; {@code mariaDbRules}: whether a URL's useSSL reads as
   * MariaDB Connector/J's (a checked certificate unless trustServerCertificate) or Connector/J's.
   *
   * @throws IllegalArgumentException where the URL asks for what only the JDBC drivers do (several
   *     hosts, a parameter that changes the session or how it is reached), in words
   */
  static MySqlEndpoint endpoint(TargetOptions options, MySqlTls defaultTls, boolean mariaDbRules) {
    String host = options.host() == null ? "localhost" : options.host();
    int port = options.port() > 0 ? options.port() : MySqlEndpoint.DEFAULT_PORT;
    String database = options.database() == null ? "" : options.database();
    String user = "root";
    Secret password = Secret.none();
    MySqlTls tls = defaultTls;
    String useSsl = null;
    boolean strict = false; // requireSSL, or MariaDB's checked certificate
    boolean verify = false;
    String url = options.url();
    if (url != null && !url.isBlank()) {
      OneServerUrl one =
          OneServerUrl.parse(
              url,
              Set.of("mysql", "mariadb"),
              "jdbc:mysql://host[:port]/database or jdbc:mariadb://...",
              CHOOSE_JDBC);
      host = one.host();
      port = one.port() > 0 ? one.port() : MySqlEndpoint.DEFAULT_PORT;
      database = one.database();
      strict = mariaDbRules;
      for (Map.Entry<String, String> parameter : one.parameters()) {
        String name = parameter.getKey();
        String value = parameter.getValue();
        boolean yes = value.isEmpty() || Boolean.parseBoolean(value);
        switch (name.toLowerCase(Locale.ROOT)) {
          case "user" -> user = value;
          case "password" -> password = Secret.of(value);
          case "sslmode" -> tls = sslMode(value);
          case "usessl" -> useSsl = value.isEmpty() ? "true" : value;
          case "requiressl" -> strict = yes;
          case "verifyservercertificate" -> verify = yes;
          case "trustservercertificate" -> strict = !yes;
          case "useaffectedrows" -> refuseUnless(!yes, name);
          case "characterencoding" ->
              refuseUnless(value.toLowerCase(Locale.ROOT).startsWith("utf"), name);
          default -> refuseUnless(DRIVER_ONLY.contains(name.toLowerCase(Locale.ROOT)), name);
        }
      }
      if (useSsl != null && !one.names("sslMode")) {
        tls =
            !Boolean.parseBoolean(useSsl)
                ? MySqlTls.DISABLED
                : useSsl(mariaDbRules, strict, verify);
      }
    }
    if (options.user() != null) {
      user = options.user();
    }
    if (!options.password().isEmpty()) {
      password = options.password();
    }
    IsolationLevel isolation = options.declared().get(IsolationLevel.OPTION);
    return new MySqlEndpoint(
        host, port, database, user, password, tls, isolation, options.connectionWaitTimeout());
  }

  /** useSSL=true: MariaDB's checked certificate, or Connector/J's by requireSSL and the check. */
  private static MySqlTls useSsl(boolean mariaDbRules, boolean strict, boolean verify) {
    if (mariaDbRules) {
      return strict ? MySqlTls.VERIFY_IDENTITY : MySqlTls.REQUIRED;
    }
    return verify ? MySqlTls.VERIFY_CA : strict ? MySqlTls.REQUIRED : MySqlTls.PREFERRED;
  }

  /** Either driver's sslMode: Connector/J's names, or MariaDB Connector/J's. */
  static MySqlTls sslMode(String value) {
    return switch (value.toLowerCase(Locale.ROOT).replace('_', '-')) {
      case "disabled", "disable", "false", "0" -> MySqlTls.DISABLED;
      case "preferred" -> MySqlTls.PREFERRED;
      case "required", "trust" -> MySqlTls.REQUIRED;
      case "verify-ca" -> MySqlTls.VERIFY_CA;
      case "verify-identity", "verify-full", "true", "1" -> MySqlTls.VERIFY_IDENTITY;
      default ->
          throw new IllegalArgumentException(
              "the event-loop client does not know the URL's sslMode=" + value);
    };
  }

  private static void refuseUnless(boolean followed, String name) {
    if (!followed) {
      throw new IllegalArgumentException(
          "the event-loop client does not follow the URL's "
              + name
              + "=, which the JDBC driver does: give "
              + CHOOSE_JDBC);
    }
  }
}
