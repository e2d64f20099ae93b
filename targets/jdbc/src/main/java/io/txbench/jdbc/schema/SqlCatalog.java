package io.txbench.jdbc.schema;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/** What the database says of a table in the connection's current database and schema. */
public final class SqlCatalog {
  private SqlCatalog() {}

  /**
   * {@code table 'name' in database 'db'}: a table of {@code c}'s database, as messages name it.
   */
  static String named(Connection c, String table) throws SQLException {
    return "table '" + table + "' in database '" + c.getCatalog() + "'";
  }

  /** Whether a table of that name is in the connection's current database and schema. */
  public static boolean exists(Connection c, String table) throws SQLException {
    return !columns(c, table).isEmpty() || hasTable(c, table);
  }

  /**
   * Creates {@code table} of {@code columns} (their definitions, comma-separated) where there is
   * none: one another txbench made at the same moment is no error.
   */
  public static void createIfMissing(Connection c, String table, String columns)
      throws SQLException {
    if (exists(c, table)) {
      return;
    }
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE " + table + " (" + columns + ")");
    } catch (SQLException e) {
      if (!exists(c, table)) {
        throw e;
      }
    }
  }

  private static boolean hasTable(Connection c, String table) throws SQLException {
    DatabaseMetaData meta = c.getMetaData();
    for (String name : new String[] {table, table.toUpperCase(Locale.ROOT)}) {
      try (ResultSet rs =
          meta.getTables(c.getCatalog(), c.getSchema(), name, new String[] {"TABLE"})) {
        while (rs.next()) {
          if (rs.getString("TABLE_NAME").equalsIgnoreCase(table)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The table's column names, in lower case; empty when there is no such table. */
  static Set<String> columns(Connection c, String table) throws SQLException {
    return shape(c, table).names();
  }

  /**
   * The table's columns as the server reports them: each one's name (in lower case), type, and
   * length where it holds text; none when there is no such table.
   */
  static TableShape shape(Connection c, String table) throws SQLException {
    DatabaseMetaData meta = c.getMetaData();
    SortedMap<String, TableShape.Column> columns = new TreeMap<>();
    for (String name : new String[] {table, table.toUpperCase(Locale.ROOT)}) {
      try (ResultSet rs = meta.getColumns(c.getCatalog(), c.getSchema(), name, null)) {
        while (rs.next()) {
          if (rs.getString("TABLE_NAME").equalsIgnoreCase(table)) {
            ColumnType type = ColumnType.ofJdbc(rs.getInt("DATA_TYPE"));
            int length = type == ColumnType.TEXT ? rs.getInt("COLUMN_SIZE") : 0;
            columns.put(
                rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT),
                new TableShape.Column(type, length));
          }
        }
      }
      if (!columns.isEmpty()) {
        break;
      }
    }
    return new TableShape(columns);
  }

  /** The columns of the table some index covers (its primary key's too), in lower case. */
  public static Set<String> indexedColumns(Connection c, String table) throws SQLException {
    DatabaseMetaData meta = c.getMetaData();
    Set<String> columns = new TreeSet<>();
    for (String name : new String[] {table, table.toUpperCase(Locale.ROOT)}) {
      try (ResultSet rs = meta.getIndexInfo(c.getCatalog(), c.getSchema(), name, false, true)) {
        while (rs.next()) {
          String column = rs.getString("COLUMN_NAME");
          if (column != null && rs.getString("TABLE_NAME").equalsIgnoreCase(table)) {
            columns.add(column.toLowerCase(Locale.ROOT));
          }
        }
      }
      if (!columns.isEmpty()) {
        break;
      }
    }
    return columns;
  }

  /** Whether the table has exactly these columns, by name. */
  public static boolean shapedAs(Connection c, String table, Iterable<String> expected)
      throws SQLException {
    Set<String> want = new TreeSet<>();
    expected.forEach(name -> want.add(name.toLowerCase(Locale.ROOT)));
    return columns(c, table).equals(want);
  }
}
