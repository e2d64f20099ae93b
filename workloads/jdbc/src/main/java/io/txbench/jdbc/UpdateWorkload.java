package io.txbench.jdbc;

import io.txbench.core.Invariants;
import io.txbench.core.Verification;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * One iteration updates the non-indexed column {@code c} of one row by primary key (sysbench
 * oltp_update_non_index) and counts the update in the row, so verify can prove that every
 * committed update is there.
 */
final class UpdateWorkload extends ItemWorkload {
  private static final String UPDATE = "UPDATE item SET c = ?, updates = updates + 1 WHERE id = ?";
  private long updatesBefore;

  UpdateWorkload(JdbcTarget target, WorkloadOptions options, SchemaRegistry registry) {
    super(target, options, registry);
  }

  @Override
  public void beforeRun() throws SQLException {
    try (Connection c = target.connection()) {
      updatesBefore = updates(c);
      commit(c);
    }
  }

  @Override
  public void iteration(Worker worker) throws SQLException {
    long id = randomId(worker.random());
    JdbcSession session = JdbcSession.of(worker, target);
    try {
      PreparedStatement update = session.statement(UPDATE);
      update.setString(1, data.c(worker.random()));
      update.setLong(2, id);
      if (update.executeUpdate() != 1) {
        throw new SQLException("row " + id + " of table item is missing");
      }
      session.succeeded();
    } catch (SQLException | RuntimeException e) {
      session.failed(e);
      throw e;
    }
  }

  @Override
  public Verification verify(long committed) throws SQLException {
    try (Connection c = target.connection()) {
      long after = updates(c);
      commit(c);
      return Invariants.updated(updatesBefore, after, committed);
    }
  }
}
