package io.txbench.jdbc.client;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads a SQL server's settings by name with one statement, so that a name the server does not have
 * is simply not in its answer (where a statement per setting would fail on it, and on PostgreSQL
 * abort the transaction for the next).
 */
public final class ServerSettings {
  private ServerSettings() {}

  /**
   * The settings {@code names} as {@code query} answers them, in the order of {@code names}: the
   * query ends with {@code IN } and is given the names as a SQL list, and its rows are (name,
   * value). A name the server lacks, or whose value is null, is left out.
   */
  public static Map<String, String> read(Connection connection, String query, List<String> names)
      throws SQLException {
    String list =
        names.stream().map(n -> "'" + n.replace("'", "''") + "'").collect(Collectors.joining(", "));
    Map<String, String> answered = new HashMap<>();
    try (Statement s = connection.createStatement();
        ResultSet rows = s.executeQuery(query + "(" + list + ")")) {
      while (rows.next()) {
        answered.put(rows.getString(1).toLowerCase(Locale.ROOT), rows.getString(2));
      }
    }
    Map<String, String> settings = new LinkedHashMap<>();
    for (String name : names) {
      String value = answered.get(name.toLowerCase(Locale.ROOT));
      if (value != null) {
        settings.put(name, value);
      }
    }
    return Collections.unmodifiableMap(settings);
  }
}
