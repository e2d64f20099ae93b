package io.txbench.jdbc.schema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table's columns as txbench tells its own tables by: each column's name (in lower case), its
 * {@link ColumnType} and, for a CHAR or VARCHAR, its length (0 for any other type, or where it has
 * none). Read from a CREATE statement ({@link #declared}) or from the server ({@link
 * SqlCatalog#shape}).
 */
record TableShape(SortedMap<String, Column> columns) {
  /** A column's type, and its length where it is a CHAR or VARCHAR (0 otherwise). */
  record Column(ColumnType type, int length) {}

  /** A column definition's name, type word and optional length: {@code c VARCHAR(120) ...}. */
  private static final Pattern DEFINITION =
      Pattern.compile("(\\w+)\\s+(%ID%|\\w+)(?:\\s*\\(\\s*(\\d+)[^)]*\\))?.*", Pattern.DOTALL);

  /** What starts a table constraint rather than a column in a CREATE statement. */
  private static final Set<String> CONSTRAINTS =
      Set.of("PRIMARY", "UNIQUE", "FOREIGN", "CONSTRAINT", "KEY", "INDEX", "CHECK");

  TableShape {
    columns = Collections.unmodifiableSortedMap(new TreeMap<>(columns));
  }

  /** The columns a CREATE TABLE statement of txbench's declares, its constraints left out. */
  static TableShape declared(String create) {
    String body = create.substring(create.indexOf('(') + 1, create.lastIndexOf(')'));
    SortedMap<String, Column> columns = new TreeMap<>();
    for (String definition : topLevelParts(body)) {
      Matcher m = DEFINITION.matcher(definition.strip());
      if (!m.matches() || CONSTRAINTS.contains(m.group(1).toUpperCase(Locale.ROOT))) {
        continue;
      }
      ColumnType type = ColumnType.ofDeclared(m.group(2));
      int length = type == ColumnType.TEXT && m.group(3) != null ? Integer.parseInt(m.group(3)) : 0;
      columns.put(m.group(1).toLowerCase(Locale.ROOT), new Column(type, length));
    }
    return new TableShape(columns);
  }

  /** {@code body} split at its commas outside parentheses: {@code DECIMAL(10, 2)} stays whole. */
  private static List<String> topLevelParts(String body) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < body.length(); i++) {
      char ch = body.charAt(i);
      if (ch == '(') {
        depth++;
      } else if (ch == ')') {
        depth--;
      } else if (ch == ',' && depth == 0) {
        parts.add(body.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(body.substring(start));
    return parts;
  }

  /** The column names, in lower case. */
  Set<String> names() {
    return columns.keySet();
  }

  /**
   * Whether {@code found} has exactly these columns, each of the same type, whatever their lengths:
   * a table txbench made in this shape, at any {@code --field-length}.
   */
  boolean sameTypes(TableShape found) {
    if (!found.names().equals(names())) {
      return false;
    }
    for (Map.Entry<String, Column> e : columns.entrySet()) {
      Column other = found.columns.get(e.getKey()); // there: the names are the same
      if (other == null || other.type() != e.getValue().type()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether {@code found} is this shape: the same columns and types, and each CHAR or VARCHAR of
   * the length declared here, as a run on it needs ({@code --field-length}).
   */
  boolean matches(TableShape found) {
    if (!sameTypes(found)) {
      return false;
    }
    for (Map.Entry<String, Column> e : columns.entrySet()) {
      int length = e.getValue().length();
      Column other = found.columns.get(e.getKey()); // there: sameTypes checked the names
      if (length > 0 && (other == null || other.length() != length)) {
        return false;
      }
    }
    return true;
  }
}
