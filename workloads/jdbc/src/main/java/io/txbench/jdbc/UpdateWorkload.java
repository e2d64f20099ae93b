package io.txbench.jdbc;

import io.txbench.core.AbandonedException;
import io.txbench.core.DeclinedException;
import io.txbench.core.Invariants;
import io.txbench.core.Tally;
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
    try (Connection c = target.controlConnection()) {
      updatesBefore = updates(c);
      commit(c);
    }
  }

  @Override
  public JdbcSession openSession(Worker worker) throws SQLException {
    return JdbcSession.open(target, worker, UPDATE);
  }

  @Override
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    long id = randomId(worker.random());
    String c = data.c(worker.random());
    session.transaction(s -> {
      PreparedStatement update = s.statement(UPDATE);
      update.setString(1, c);
      update.setLong(2, id);
      if (s.write(update) != 1) {
        throw new SQLException("row " + id + " of table item is missing");
      }
      return null;
    });
  }

  @Override
  public Verification verify(Tally tally) throws SQLException {
    try (Connection c = target.controlConnection()) {
      long after = updates(c);
      commit(c);
      return Invariants.updated(updatesBefore, after, tally);
    }
  }
}
