package io.txbench.jdbc;

import io.txbench.core.AbandonedException;
import io.txbench.core.DeclinedException;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.kinds.Update;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * {@link Update} on SQL: the non-indexed column {@code c} of one row by primary key, and the row's
 * update counter.
 */
final class UpdateWorkload extends ItemWorkload {
  private static final String UPDATE = "UPDATE item SET c = ?, updates = updates + 1 WHERE id = ?";

  UpdateWorkload(JdbcTarget target, Update kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry);
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
    session.transaction(
        s -> {
          PreparedStatement update = s.statement(UPDATE);
          update.setString(1, c);
          update.setLong(2, id);
          if (s.write(update) != 1) {
            throw new SQLException("row " + id + " of table item is missing");
          }
          return null;
        });
  }
}
