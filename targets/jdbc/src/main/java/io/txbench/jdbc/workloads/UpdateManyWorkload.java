package io.txbench.jdbc.workloads;

import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.UpdateMany;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.SQLException;
import java.util.SplittableRandom;
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
  SqlIteration onRange(String sql, long first, long last, SplittableRandom random) {
    String c = data.c(random);
    // Counted once the statement committed (on its own): a failed one changed nothing.
    return SqlIteration.of(SqlStatement.write(sql, c, first, last), changed::add);
  }

  @Override
  long rowsChanged() {
    return changed.sum();
  }
}
