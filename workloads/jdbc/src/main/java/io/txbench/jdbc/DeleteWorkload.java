package io.txbench.jdbc;

import io.txbench.core.AbandonedException;
import io.txbench.core.DeclinedException;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.kinds.Delete;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * {@link Delete} on SQL: one row by primary key; a key already deleted is declined, having changed
 * nothing.
 */
final class DeleteWorkload extends ItemWorkload {
  private static final String DELETE_SQL = "DELETE FROM %T WHERE id = ?";
  private final List<String> statements;

  DeleteWorkload(JdbcTarget target, Delete kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry);
    statements = perTable(DELETE_SQL);
  }

  @Override
  public JdbcSession openSession(Worker worker) throws SQLException {
    return JdbcSession.open(target, worker, statements.toArray(String[]::new));
  }

  @Override
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    int table = randomTable(worker.random());
    String sql = statements.get(table);
    long id = randomId(worker.random());
    session.transaction(
        s -> {
          PreparedStatement delete = s.statement(sql);
          delete.setLong(1, id);
          if (s.write(delete) == 0) {
            throw new DeclinedException("row " + id + " of " + tables().get(table) + " is gone");
          }
          return null;
        });
  }
}
