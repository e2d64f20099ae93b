package io.txbench.jdbc.schema;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** Whether a table exists in a namespace, asked the way txbench asks. */
public final class SchemaRegistryAccess {
  private SchemaRegistryAccess() {}

  public static boolean exists(String url, String table) throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      return SqlCatalog.exists(c, table);
    }
  }
}
