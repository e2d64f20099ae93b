package io.txbench.jdbc.workloads;

import io.txbench.core.data.ItemData;
import io.txbench.core.engine.Worker;
import io.txbench.core.kinds.Insert;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.JdbcSession;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.SQLException;

/**
 * {@link Insert} on SQL: one row; the server generates its id, so runs over the same data (with
 * {@code --skip-setup}) never collide.
 */
public final class InsertWorkload extends OneStatementWorkload {
  private static final String INSERT_SQL = "INSERT INTO %T (k, c, pad) VALUES (?, ?, ?)";

  public InsertWorkload(
      JdbcTarget target, Insert kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, INSERT_SQL);
  }

  @Override
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    String sql = randomStatement(worker.random());
    int k = ItemData.k(worker.random(), rows);
    String c = data.c(worker.random());
    String pad = data.pad(worker.random());
    session.transaction(s -> s.write(s.statement(sql, k, c, pad)));
  }
}
