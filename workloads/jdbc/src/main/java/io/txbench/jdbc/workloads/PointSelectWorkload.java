package io.txbench.jdbc.workloads;

import io.txbench.core.engine.Worker;
import io.txbench.core.kinds.PointSelect;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.JdbcSession;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.ResultSet;
import java.sql.SQLException;

/** {@link PointSelect} on SQL: one row read by primary key. */
public final class PointSelectWorkload extends OneStatementWorkload {
  private static final String SELECT_SQL = "SELECT c FROM %T WHERE id = ?";

  public PointSelectWorkload(
      JdbcTarget target, PointSelect kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, SELECT_SQL);
  }

  @Override
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    String sql = randomStatement(worker.random());
    long id = randomId(worker.random());
    session.transaction(
        s -> {
          try (ResultSet rs = s.read(s.statement(sql, id))) {
            if (!rs.next() || rs.getString(1) == null) {
              throw new SQLException("row " + id + " of table item is missing");
            }
          }
          return null;
        });
  }
}
