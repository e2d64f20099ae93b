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
import java.sql.ResultSet;
import java.sql.SQLException;

/** One iteration reads one row by primary key (sysbench oltp_point_select, pgbench -S). */
final class PointSelectWorkload extends ItemWorkload {
  private static final String SELECT = "SELECT c FROM item WHERE id = ?";
  private long countBefore;
  private long updatesBefore;

  PointSelectWorkload(JdbcTarget target, WorkloadOptions options, SchemaRegistry registry) {
    super(target, options, registry);
  }

  @Override
  public void beforeRun() throws SQLException {
    try (Connection c = target.controlConnection()) {
      countBefore = count(c);
      updatesBefore = updates(c);
      commit(c);
    }
  }

  @Override
  public JdbcSession openSession(Worker worker) throws SQLException {
    return JdbcSession.open(target, worker, SELECT);
  }

  @Override
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    long id = randomId(worker.random());
    session.transaction(s -> {
      PreparedStatement select = s.statement(SELECT);
      select.setLong(1, id);
      try (ResultSet rs = select.executeQuery()) {
        if (!rs.next() || rs.getString(1) == null) {
          throw new SQLException("row " + id + " of table item is missing");
        }
      }
      return null;
    });
  }

  @Override
  public Verification verify(Tally tally) throws SQLException {
    try (Connection c = target.controlConnection()) {
      long rowsAfter = count(c);
      long updatesAfter = updates(c);
      commit(c);
      return Invariants.unchanged(countBefore, rowsAfter, updatesBefore, updatesAfter, tally);
    }
  }
}
