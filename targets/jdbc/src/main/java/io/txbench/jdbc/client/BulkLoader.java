package io.txbench.jdbc.client;

import io.txbench.core.spi.Progress;
import java.sql.Connection;
import java.sql.SQLException;

/** Loads generated rows into one table, advancing a progress task as rows go in. */
public interface BulkLoader {
  void load(Connection connection, TableLoad load, Progress.Task progress) throws SQLException;
}
