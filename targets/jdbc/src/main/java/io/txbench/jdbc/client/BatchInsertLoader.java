package io.txbench.jdbc.client;

import io.txbench.core.spi.Progress;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;

/**
 * Loads rows with a batched prepared INSERT, committing every batch. Fast when the driver rewrites
 * a batch into multi-row statements (MySQL's {@code rewriteBatchedStatements}).
 */
public final class BatchInsertLoader implements BulkLoader {
  private final int batchSize;

  public BatchInsertLoader(int batchSize) {
    this.batchSize = batchSize;
  }

  @Override
  public void load(Connection connection, TableLoad load, Progress.Task progress)
      throws SQLException {
    String sql =
        "INSERT INTO "
            + load.table()
            + " ("
            + String.join(", ", load.columns())
            + ") VALUES ("
            + String.join(", ", Collections.nCopies(load.columns().size(), "?"))
            + ")";
    boolean autoCommit = connection.getAutoCommit();
    connection.setAutoCommit(false);
    try (PreparedStatement insert = connection.prepareStatement(sql)) {
      int[] pending = {0};
      try {
        load.source()
            .emit(
                values -> {
                  try {
                    for (int i = 0; i < values.length; i++) {
                      insert.setObject(i + 1, values[i]);
                    }
                    insert.addBatch();
                    if (++pending[0] == batchSize) {
                      insert.executeBatch();
                      connection.commit();
                      progress.advance(pending[0]);
                      pending[0] = 0;
                    }
                  } catch (SQLException e) {
                    throw new LoadFailure(e);
                  }
                });
      } catch (LoadFailure e) {
        throw e.getCause();
      }
      if (pending[0] > 0) {
        insert.executeBatch();
        connection.commit();
        progress.advance(pending[0]);
      }
    } finally {
      connection.setAutoCommit(autoCommit);
    }
  }
}
