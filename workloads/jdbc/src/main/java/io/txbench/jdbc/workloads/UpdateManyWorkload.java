package io.txbench.jdbc.workloads;

import io.txbench.core.engine.Worker;
import io.txbench.core.kinds.UpdateMany;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.JdbcSession;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@link UpdateMany} on SQL: {@code c} and the update counter of every row of a {@code
 * --range-size} id range, in one statement; the rows each committed statement changed are summed
 * for verify.
 */
public final class UpdateManyWorkload extends RangeWorkload {
  private static final String UPDATE_SQL =
      "UPDATE %T SET c = ?, updates = updates + 1 WHERE id BETWEEN ? AND ?";
  private final LongAdder changed = new LongAdder();

  public UpdateManyWorkload(
      JdbcTarget target, UpdateMany kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, UPDATE_SQL);
  }

  @Override
  public void beforeRun() throws SQLException {
    super.beforeRun();
    changed.reset();
  }

  @Override
  void onRange(Worker worker, JdbcSession session, String sql, long first, long last)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    String c = data.c(worker.random());
    Integer rows = session.transaction(s -> s.write(s.statement(sql, c, first, last)));
    // Counted once the transaction committed: a failed one changed nothing.
    changed.add(rows == null ? 0 : rows); // never null: the work gives its update count
  }

  @Override
  long rowsChanged() {
    return changed.sum();
  }
}
