package io.txbench.jdbc.workloads;

import io.txbench.core.engine.Worker;
import io.txbench.core.kinds.Delete;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.JdbcSession;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.SQLException;

/**
 * {@link Delete} on SQL: one row by primary key; a key already deleted is declined, having changed
 * nothing.
 */
public final class DeleteWorkload extends OneStatementWorkload {
  private static final String DELETE_SQL = "DELETE FROM %T WHERE id = ?";

  public DeleteWorkload(
      JdbcTarget target, Delete kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, DELETE_SQL);
  }

  @Override
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    String sql = randomStatement(worker.random());
    long id = randomId(worker.random());
    session.transaction(
        s -> {
          if (s.write(s.statement(sql, id)) == 0) {
            throw new DeclinedException("row " + id + " is gone");
          }
          return null;
        });
  }
}
