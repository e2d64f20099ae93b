package io.txbench.jdbc.schema;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A database txbench created itself (MySQL's {@code txbench}, made when missing): marked by a table
 * made with it, so that {@code --drop} removes the database with the last of txbench's tables, and
 * never one that was there before txbench came (which has no mark).
 */
public final class OwnDatabase {
  /** The mark: a table made in the database right after txbench created it. */
  public static final String MARK = "txbench_database";

  private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9_]+");

  private OwnDatabase() {}

  /**
   * Creates {@code database} on the server {@code server} is connected to, where it is missing, and
   * marks it as txbench's; one that exists is left as it is, unmarked.
   *
   * @return whether this call created it
   */
  public static boolean createIfMissing(Connection server, String database) throws SQLException {
    String name = checked(database);
    try (Statement s = server.createStatement()) {
      // 1 row: created now; 0 (and a warning): it was there.
      if (s.executeUpdate("CREATE DATABASE IF NOT EXISTS " + name) == 0) {
        return false;
      }
      s.execute("CREATE TABLE " + name + "." + MARK + " (created_by VARCHAR(32) NOT NULL)");
      s.execute("INSERT INTO " + name + "." + MARK + " VALUES ('txbench')");
      return true;
    }
  }

  /**
   * Drops the database {@code c} is in when txbench created it (it holds the mark) and nothing but
   * the mark is left in it: a table someone added keeps it.
   *
   * @return the database dropped
   */
  public static Optional<String> dropIfOwnAndEmpty(Connection c) throws SQLException {
    String database = c.getCatalog();
    if (database == null
        || !PLAIN_NAME.matcher(database).matches()
        || !SqlCatalog.exists(c, MARK)
        || !onlyTheMark(c, database)) {
      return Optional.empty();
    }
    try (Statement s = c.createStatement()) {
      s.execute("DROP DATABASE " + database);
    }
    return Optional.of(database);
  }

  private static boolean onlyTheMark(Connection c, String database) throws SQLException {
    DatabaseMetaData meta = c.getMetaData();
    try (ResultSet rs = meta.getTables(database, null, "%", null)) {
      while (rs.next()) {
        if (!MARK.equalsIgnoreCase(rs.getString("TABLE_NAME"))) {
          return false;
        }
      }
    }
    return true;
  }

  private static String checked(String database) {
    if (!PLAIN_NAME.matcher(database).matches()) {
      throw new IllegalArgumentException("not a plain database name: " + database);
    }
    return database;
  }
}
