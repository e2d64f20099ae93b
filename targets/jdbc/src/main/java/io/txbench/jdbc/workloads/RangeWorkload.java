package io.txbench.jdbc.workloads;

import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.Oltp;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.util.SplittableRandom;

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
  SqlIteration next(SplittableRandom random) {
    String sql = randomStatement(random);
    long first = rangeStart(random, rangeSize);
    return onRange(sql, first, first + rangeSize - 1, random);
  }

  /**
   * The statement {@code sql} (of the table picked) over the ids {@code first} to {@code last},
   * drawing what else it needs from {@code random}.
   */
  abstract SqlIteration onRange(String sql, long first, long last, SplittableRandom random);
}
