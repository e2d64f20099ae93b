package io.txbench.jdbc;

import io.txbench.core.Invariants;
import io.txbench.core.Verification;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.data.ItemData;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * One iteration inserts one row; the server generates its id, so runs over the same data (with
 * {@code --skip-setup}) never collide.
 */
final class InsertWorkload extends ItemWorkload {
  private static final String INSERT = "INSERT INTO item (k, c, pad) VALUES (?, ?, ?)";
  private long countBefore;

  InsertWorkload(JdbcTarget target, WorkloadOptions options, SchemaRegistry registry) {
    super(target, options, registry);
  }

  @Override
  public void beforeRun() throws SQLException {
    try (Connection c = target.connection()) {
      countBefore = count(c);
      commit(c);
    }
  }

  @Override
  public void iteration(Worker worker) throws SQLException {
    JdbcSession session = JdbcSession.of(worker, target);
    try {
      PreparedStatement insert = session.statement(INSERT);
      insert.setInt(1, ItemData.k(worker.random(), rows));
      insert.setString(2, data.c(worker.random()));
      insert.setString(3, data.pad(worker.random()));
      insert.executeUpdate();
      session.succeeded();
    } catch (SQLException | RuntimeException e) {
      session.failed(e);
      throw e;
    }
  }

  @Override
  public Verification verify(long committed) throws SQLException {
    try (Connection c = target.connection()) {
      long after = count(c);
      commit(c);
      return Invariants.inserted(countBefore, after, committed);
    }
  }
}
