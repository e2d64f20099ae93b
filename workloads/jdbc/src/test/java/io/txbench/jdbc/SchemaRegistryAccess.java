package io.txbench.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** Whether a table exists in a namespace, asked the way txbench asks. */
final class SchemaRegistryAccess {
  private SchemaRegistryAccess() {}

  static boolean exists(String url, String table) throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      return SqlCatalog.exists(c, table);
    }
  }
}
