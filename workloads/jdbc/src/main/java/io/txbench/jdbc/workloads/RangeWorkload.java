package io.txbench.jdbc.workloads;

import io.txbench.core.engine.Worker;
import io.txbench.core.kinds.ItemKind;
import io.txbench.core.kinds.Oltp;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.JdbcSession;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.SQLException;

/**
 * The item kinds of one statement over a range of {@code --range-size} ids (range-scan, count,
 * update-many): each iteration picks a random table and a range starting from a key by {@code
 * --distribution} ({@link #rangeStart}); a subclass runs its statement there.
 */
abstract class RangeWorkload extends OneStatementWorkload {
  final long rangeSize;

  RangeWorkload(
      JdbcTarget target,
      ItemKind kind,
      WorkloadOptions options,
      SchemaRegistry registry,
      String sql) {
    super(target, kind, options, registry, sql);
    rangeSize = options.declared().get(Oltp.RANGE_SIZE);
  }

  @Override
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    String sql = randomStatement(worker.random());
    long first = rangeStart(worker.random(), rangeSize);
    onRange(worker, session, sql, first, first + rangeSize - 1);
  }

  /**
   * Runs the statement {@code sql} (of the table picked) over the ids {@code first} to {@code
   * last}.
   */
  abstract void onRange(Worker worker, JdbcSession session, String sql, long first, long last)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException;
}
