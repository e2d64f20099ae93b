package io.txbench.jdbc;

import io.txbench.core.Invariants;
import io.txbench.core.Verification;
import io.txbench.core.Worker;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** One iteration reads one row by primary key (sysbench oltp_point_select, pgbench -S). */
final class PointSelectWorkload extends ItemWorkload {
  private static final String SELECT = "SELECT c FROM item WHERE id = ?";
  private long countBefore;
  private long updatesBefore;

  PointSelectWorkload(JdbcTarget target, io.txbench.core.WorkloadOptions options,
      SchemaRegistry registry) {
    super(target, options, registry);
  }

  @Override
  public void beforeRun() throws SQLException {
    try (Connection c = target.connection()) {
      countBefore = count(c);
      updatesBefore = updates(c);
      commit(c);
    }
  }

  @Override
  public void iteration(Worker worker) throws SQLException {
    long id = randomId(worker.random());
    JdbcSession session = JdbcSession.of(worker, target);
    try {
      PreparedStatement select = session.statement(SELECT);
      select.setLong(1, id);
      try (ResultSet rs = select.executeQuery()) {
        if (!rs.next() || rs.getString(1) == null) {
          throw new SQLException("row " + id + " of table item is missing");
        }
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
      long rowsAfter = count(c);
      long updatesAfter = updates(c);
      commit(c);
      return Invariants.unchanged(countBefore, rowsAfter, updatesBefore, updatesAfter, committed);
    }
  }
}
