package io.txbench.jdbc;

import io.txbench.core.SetupException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * The record of what txbench created in a database: the table {@code txbench_meta}, one row per
 * table with the workload, scale, seed and tool version that made it. Only tables listed there are
 * ever dropped or reloaded; any other table that is in the way stops prepare untouched.
 */
public final class SchemaRegistry {
  public static final String META = "txbench_meta";
  private final SqlDialect dialect;
  private final String toolVersion;

  public SchemaRegistry(SqlDialect dialect, String toolVersion) {
    this.dialect = dialect;
    this.toolVersion = toolVersion;
  }

  /**
   * Drops the given tables if txbench made them, and creates them anew, recording them. Fails,
   * touching nothing, when one of them exists and is not txbench's.
   */
  public void recreate(Connection c, List<TableDef> tables, String workload, long scale, long seed)
      throws SQLException, SetupException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS " + META + " (object_name VARCHAR(64) PRIMARY KEY,"
          + " workload VARCHAR(32) NOT NULL, scale BIGINT NOT NULL, seed BIGINT NOT NULL,"
          + " tool_version VARCHAR(32) NOT NULL, created_at TIMESTAMP NOT NULL)");
      for (TableDef t : tables) {
        if (exists(c, t.name()) && scale(c, t.name()).isEmpty()) {
          throw new SetupException("table '" + t.name() + "' already exists in database '"
              + c.getCatalog() + "' and was not created by txbench: it is left untouched; use"
              + " another --target-database-name, or drop or rename it yourself");
        }
      }
      for (int i = tables.size() - 1; i >= 0; i--) {
        String name = tables.get(i).name();
        if (exists(c, name)) {
          s.execute("DROP TABLE " + name);
        }
        forget(c, name);
      }
      for (TableDef t : tables) {
        s.execute(t.createFor(dialect));
        try (PreparedStatement record = c.prepareStatement("INSERT INTO " + META
            + " (object_name, workload, scale, seed, tool_version, created_at)"
            + " VALUES (?, ?, ?, ?, ?, CURRENT_TIMESTAMP)")) {
          record.setString(1, t.name());
          record.setString(2, workload);
          record.setLong(3, scale);
          record.setLong(4, seed);
          record.setString(5, toolVersion);
          record.executeUpdate();
        }
      }
    }
  }

  /** Runs each table's after-load statements and refreshes its statistics. */
  public void finish(Connection c, List<TableDef> tables) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (TableDef t : tables) {
        for (String sql : t.afterLoadFor(dialect)) {
          s.execute(sql);
        }
        s.execute(dialect.analyze(t.name()));
      }
    }
  }

  /**
   * The scale recorded for a table txbench made, for {@code --skip-setup}; fails with a clear
   * message when the table is missing or is not txbench's.
   */
  public long attach(Connection c, String table) throws SQLException, SetupException {
    if (!exists(c, table)) {
      throw new SetupException("table '" + table + "' does not exist in database '"
          + c.getCatalog() + "': run once without --skip-setup to create and load it");
    }
    OptionalLong scale = scale(c, table);
    if (scale.isEmpty()) {
      throw new SetupException("table '" + table + "' in database '" + c.getCatalog()
          + "' was not created by txbench: it is left untouched; use another"
          + " --target-database-name");
    }
    return scale.getAsLong();
  }

  /** Drops the tables txbench_meta lists, then txbench_meta; returns what was dropped. */
  public List<String> dropOwned(Connection c) throws SQLException {
    List<String> dropped = new ArrayList<>();
    if (!exists(c, META)) {
      return dropped;
    }
    List<String> owned = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT object_name FROM " + META)) {
      while (rs.next()) {
        owned.add(rs.getString(1));
      }
    }
    try (Statement s = c.createStatement()) {
      for (String table : owned) {
        if (exists(c, table)) {
          s.execute("DROP TABLE " + table);
          dropped.add(table);
        }
      }
      s.execute("DROP TABLE " + META);
      dropped.add(META);
    }
    return dropped;
  }

  private OptionalLong scale(Connection c, String table) throws SQLException {
    if (!exists(c, META)) {
      return OptionalLong.empty();
    }
    try (PreparedStatement q =
        c.prepareStatement("SELECT scale FROM " + META + " WHERE object_name = ?")) {
      q.setString(1, table);
      try (ResultSet rs = q.executeQuery()) {
        return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
      }
    }
  }

  private void forget(Connection c, String table) throws SQLException {
    try (PreparedStatement d =
        c.prepareStatement("DELETE FROM " + META + " WHERE object_name = ?")) {
      d.setString(1, table);
      d.executeUpdate();
    }
  }

  /** Whether a table of that name is in the connection's current database and schema. */
  public static boolean exists(Connection c, String table) throws SQLException {
    DatabaseMetaData meta = c.getMetaData();
    for (String name : new String[] {table, table.toUpperCase(Locale.ROOT)}) {
      try (ResultSet rs = meta.getTables(c.getCatalog(), c.getSchema(), name,
          new String[] {"TABLE"})) {
        while (rs.next()) {
          if (rs.getString("TABLE_NAME").equalsIgnoreCase(table)) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
