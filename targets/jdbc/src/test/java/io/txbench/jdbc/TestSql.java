package io.txbench.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Reads a figure back from a server, as the tests check what a run left there. */
public final class TestSql {
  private TestSql() {}

  /** The first column of the first row of {@code sql}, on a connection of its own. */
  public static long query(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
