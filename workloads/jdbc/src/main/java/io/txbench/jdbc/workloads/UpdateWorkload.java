package io.txbench.jdbc.workloads;

import io.txbench.core.engine.Worker;
import io.txbench.core.kinds.Update;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.JdbcSession;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.SQLException;

/**
 * {@link Update} on SQL: the non-indexed column {@code c} of one row by primary key, and the row's
 * update counter.
 */
public final class UpdateWorkload extends OneStatementWorkload {
  private static final String UPDATE_SQL =
      "UPDATE %T SET c = ?, updates = updates + 1 WHERE id = ?";

  public UpdateWorkload(
      JdbcTarget target, Update kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, UPDATE_SQL);
  }

  @Override
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    String sql = randomStatement(worker.random());
    long id = randomId(worker.random());
    String c = data.c(worker.random());
    session.transaction(
        s -> {
          if (s.write(s.statement(sql, c, id)) != 1) {
            throw new SQLException("row " + id + " of table item is missing");
          }
          return null;
        });
  }
}
