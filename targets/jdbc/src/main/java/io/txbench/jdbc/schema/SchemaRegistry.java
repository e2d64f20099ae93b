package io.txbench.jdbc.schema;

import io.txbench.core.ownership.Leases;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.ItemKind;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * txbench's record of what it created in a database: the table {@code txbench_meta}, one row per
 * table, signed {@code txbench/2}, with the group, scale, seed and tool version that made it and
 * whether its load finished. txbench recognises its record by its exact columns and signature, and
 * a table as its own as {@link TableOwnership} says (listed, named and shaped as txbench's):
 * anything else in the way stops it, touching nothing.
 */
public final class SchemaRegistry {
  public static final String META = "txbench_meta";
  public static final String SIGNATURE = "txbench/2";
  static final String LOADING = "loading";
  static final String COMPLETE = "complete";

  /** A row converted from the first record, which did not say whether a load finished. */
  static final String UNKNOWN = "unknown";

  private static final List<String> COLUMNS =
      List.of(
          "record",
          "object_name",
          "table_group",
          "scale",
          "seed",
          "tool_version",
          "state",
          "created_at",
          "completed_at");
  private static final List<String> FIRST_COLUMNS =
      List.of("object_name", "workload", "scale", "seed", "tool_version", "created_at");

  private final SqlDialect dialect;
  private final String toolVersion;

  public SchemaRegistry(SqlDialect dialect, String toolVersion) {
    this.dialect = dialect;
    this.toolVersion = toolVersion;
  }

  /**
   * Takes a lease on a group of tables. An exclusive one (to prepare) makes the record where there
   * is none; a shared one (to run on loaded tables) where there is no record guards nothing, and
   * attach says what to do.
   */
  public Lease lease(JdbcTarget target, String group, LeaseMode mode)
      throws SQLException, SetupException {
    try (Connection c = target.controlConnection()) {
      c.setAutoCommit(true);
      if (mode == LeaseMode.SHARED && !SqlCatalog.exists(c, META)) {
        return Lease.none();
      }
      ensure(c);
    }
    SqlLeaseStore store = new SqlLeaseStore(target);
    store.ensure();
    return Leases.acquire(store, group, mode);
  }

  /** One table the record lists: its scale and seed, and whether its load finished. */
  public record Entry(String name, long scale, long seed, String state) {}

  /**
   * Makes sure the record is txbench's: creates it where there is none, converts the first
   * version's, and refuses a table of that name that is not txbench's.
   */
  void ensure(Connection c) throws SQLException, SetupException {
    // One another txbench made at the same moment is checked below like any other.
    SqlCatalog.createIfMissing(
        c,
        META,
        "record VARCHAR(16) NOT NULL,"
            + " object_name VARCHAR(64) PRIMARY KEY, table_group VARCHAR(32) NOT NULL,"
            + " scale BIGINT NOT NULL, seed BIGINT NOT NULL, tool_version VARCHAR(32) NOT NULL,"
            + " state VARCHAR(16) NOT NULL, created_at TIMESTAMP NOT NULL,"
            + " completed_at TIMESTAMP NULL");
    if (SqlCatalog.shapedAs(c, META, FIRST_COLUMNS)) {
      convertFirstRecord(c);
    }
    if (!SqlCatalog.shapedAs(c, META, COLUMNS)
        || SqlQueries.single(
                c, "SELECT COUNT(*) FROM " + META + " WHERE record <> '" + SIGNATURE + "'")
            > 0) {
      throw new SetupException(
          "the "
              + SqlCatalog.named(c, META)
              + " is not txbench's record (its columns or rows are not txbench's): nothing was"
              + " touched; use another --target-database-name, or rename that table yourself");
    }
  }

  /** The seed recorded for a table txbench made; call after {@link #attach}, which finds it. */
  public long seed(Connection c, TableDef table) throws SQLException {
    Entry entry = entries(c).get(table.name());
    return entry == null ? 0 : entry.seed();
  }

  /** The tables the record lists, by name. */
  public Map<String, Entry> entries(Connection c) throws SQLException {
    Map<String, Entry> entries = new LinkedHashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT object_name, scale, seed, state FROM " + META)) {
      while (rs.next()) {
        entries.put(
            rs.getString(1),
            new Entry(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getString(4)));
      }
    }
    return entries;
  }

  /**
   * Drops the given tables where they are txbench's, and creates them anew, recorded as loading.
   * Fails, touching nothing, when one of them is in the way and is not txbench's.
   */
  public void recreate(Connection c, List<TableDef> tables, String group, long scale, long seed)
      throws SQLException, SetupException {
    ensure(c);
    Map<String, Entry> entries = entries(c);
    for (TableDef t : tables) {
      if (SqlCatalog.exists(c, t.name())) {
        TableOwnership.requireOwn(c, t, entries.keySet(), false);
      }
    }
    try (Statement s = c.createStatement()) {
      for (int i = tables.size() - 1; i >= 0; i--) {
        String name = tables.get(i).name();
        if (SqlCatalog.exists(c, name)) {
          s.execute("DROP TABLE " + name);
        }
        forget(c, name);
      }
      for (TableDef t : tables) {
        s.execute(t.createFor(dialect));
        record(c, t.name(), group, scale, seed, toolVersion, LOADING);
      }
    }
  }

  /**
   * Runs each table's after-load statements, refreshes its statistics, and only then records it
   * complete.
   */
  public void finish(Connection c, List<TableDef> tables) throws SQLException {
    complete(c, tables, t -> t.afterLoadFor(dialect));
  }

  /**
   * Records the tables as loading again, with {@code scale} rows each once their growth finishes: a
   * growth cut short leaves them to be loaded afresh, as a load cut short does.
   */
  public void growing(Connection c, List<TableDef> tables, long scale) throws SQLException {
    record(c, tables, "state = '" + LOADING + "', scale = " + scale + ", completed_at = NULL");
    // Rows added to a table whose index on a random column (item's k) is kept in order row by row
    // went in 5 times slower than a fresh load's (PostgreSQL, 10 million rows): the index is
    // dropped for the growth and built again at its end, as a fresh load builds it.
    try (Statement s = c.createStatement()) {
      for (TableDef t : tables) {
        for (String index : t.indexNames()) {
          s.execute(dialect.dropIndex(t.name(), index));
        }
      }
    }
  }

  /**
   * Builds again the indexes {@link #growing} dropped, refreshes the statistics, and only then
   * records the tables complete.
   */
  public void grown(Connection c, List<TableDef> tables) throws SQLException {
    complete(c, tables, TableDef::afterLoad);
  }

  /**
   * Runs each table's statements {@code after} its load, refreshes the tables' statistics, and only
   * then records them complete.
   */
  private void complete(Connection c, List<TableDef> tables, Function<TableDef, List<String>> after)
      throws SQLException {
    try (Statement s = c.createStatement()) {
      for (TableDef t : tables) {
        for (String sql : after.apply(t)) {
          s.execute(sql);
        }
      }
      for (TableDef t : tables) {
        s.execute(dialect.analyze(t.name()));
      }
    }
    record(c, tables, "state = '" + COMPLETE + "', completed_at = CURRENT_TIMESTAMP");
  }

  /**
   * Sets {@code assignments} (txbench's own words and numbers) in the tables' rows of the record.
   */
  private static void record(Connection c, List<TableDef> tables, String assignments)
      throws SQLException {
    for (TableDef t : tables) {
      try (PreparedStatement update =
          c.prepareStatement("UPDATE " + META + " SET " + assignments + " WHERE object_name = ?")) {
        update.setString(1, t.name());
        update.executeUpdate();
      }
    }
  }

  /**
   * The scale recorded for a table txbench made and loaded completely, for {@code --skip-setup};
   * fails with a clear message otherwise.
   */
  public long attach(Connection c, TableDef table) throws SQLException, SetupException {
    if (!SqlCatalog.exists(c, table.name())) {
      throw new SetupException(
          "table '"
              + table.name()
              + "' does not exist in database '"
              + c.getCatalog()
              + "': run once without --skip-setup to create and load it");
    }
    ensure(c);
    Map<String, Entry> entries = entries(c);
    TableOwnership.requireOwn(c, table, entries.keySet(), true);
    Entry entry = entries.get(table.name()); // there: requireOwn found it in the record
    if (entry == null || !COMPLETE.equals(entry.state())) {
      throw new SetupException(
          SqlCatalog.named(c, table.name())
              + " was not loaded completely (its prepare was interrupted, or an older txbench made"
              + " it): run once without --skip-setup to load it anew");
    }
    return entry.scale();
  }

  /**
   * Drops the tables the record lists that are txbench's (one of its table names, with its
   * columns), then the record and the leases, and nothing else; returns what was dropped, and adds
   * to {@code leftAlone} what the record lists but is not txbench's.
   */
  public List<String> dropOwned(Connection c, List<String> leftAlone)
      throws SQLException, SetupException {
    List<String> dropped = new ArrayList<>();
    if (!SqlCatalog.exists(c, META)) {
      return dropped;
    }
    ensure(c);
    try (Statement s = c.createStatement()) {
      for (String name : entries(c).keySet()) {
        if (!TableOwnership.droppable(c, name)) {
          leftAlone.add(name);
        } else if (SqlCatalog.exists(c, name)) {
          s.execute("DROP TABLE " + name);
          dropped.add(name);
        }
      }
      s.execute("DROP TABLE " + META);
      dropped.add(META);
    }
    return dropped;
  }

  private static void record(
      Connection c, String table, String group, long scale, long seed, String version, String state)
      throws SQLException {
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO "
                + META
                + " (record, object_name, table_group, scale, seed, tool_version, state, created_at)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP)")) {
      insert.setString(1, SIGNATURE);
      insert.setString(2, table);
      insert.setString(3, group);
      insert.setLong(4, scale);
      insert.setLong(5, seed);
      insert.setString(6, version);
      insert.setString(7, state);
      insert.executeUpdate();
    }
  }

  private void forget(Connection c, String table) throws SQLException {
    try (PreparedStatement d =
        c.prepareStatement("DELETE FROM " + META + " WHERE object_name = ?")) {
      d.setString(1, table);
      d.executeUpdate();
    }
  }

  /**
   * The first record (no signature, no load state) becomes the current one: its rows are kept,
   * marked as not known to be complete, so that prepare replaces their tables and --skip-setup asks
   * for a prepare.
   */
  private void convertFirstRecord(Connection c) throws SQLException, SetupException {
    List<Object[]> rows = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT object_name, workload, scale, seed, tool_version" + " FROM " + META)) {
      while (rs.next()) {
        rows.add(
            new Object[] {
              rs.getString(1), rs.getString(2), rs.getLong(3), rs.getLong(4), rs.getString(5)
            });
      }
    }
    try (Statement s = c.createStatement()) {
      s.execute("DROP TABLE " + META);
    }
    ensure(c);
    for (Object[] row : rows) {
      record(
          c,
          (String) row[0],
          Airline.NAME.equals(row[1]) ? Airline.NAME : ItemKind.DATA_SET,
          (Long) row[2],
          (Long) row[3],
          (String) row[4],
          UNKNOWN);
    }
  }
}
