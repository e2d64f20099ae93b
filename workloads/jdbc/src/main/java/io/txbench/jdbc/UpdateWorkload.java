package io.txbench.jdbc;

import io.txbench.core.AbandonedException;
import io.txbench.core.DeclinedException;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.kinds.Update;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * {@link Update} on SQL: the non-indexed column {@code c} of one row by primary key, and the row's
 * update counter.
 */
final class UpdateWorkload extends ItemWorkload {
  private static final String UPDATE_SQL =
      "UPDATE %T SET c = ?, updates = updates + 1 WHERE id = ?";
  private final List<String> statements;

  UpdateWorkload(JdbcTarget target, Update kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry);
    statements = perTable(UPDATE_SQL);
  }

  @Override
  public JdbcSession openSession(Worker worker) throws SQLException {
    return JdbcSession.open(target, worker, statements.toArray(String[]::new));
  }

  @Override
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    String sql = statements.get(randomTable(worker.random()));
    long id = randomId(worker.random());
    String c = data.c(worker.random());
    session.transaction(
        s -> {
          PreparedStatement update = s.statement(sql);
          update.setString(1, c);
          update.setLong(2, id);
          if (s.write(update) != 1) {
            throw new SQLException("row " + id + " of table item is missing");
          }
          return null;
        });
  }
}
