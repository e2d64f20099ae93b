package io.txbench.jdbc.schema;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Small read helpers for prepare and verify. */
public final class SqlQueries {
  private SqlQueries() {}

  /** The first column of the first row of a query as a long (0 for SQL NULL). */
  public static long single(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      if (!rs.next()) {
        throw new SQLException("no row from: " + sql);
      }
      return rs.getLong(1);
    }
  }
}
