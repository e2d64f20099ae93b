package io.txbench.jdbc.workloads;

import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.RangeScan;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.util.SplittableRandom;

/**
 * {@link RangeScan} on SQL: {@code --range-size} consecutive rows read in id order from the range's
 * first id, every row fetched, as mongodb-performance-test's {@code iterate_many} walks its cursor:
 * as many rows as there are from there, whatever was deleted.
 */
public final class RangeScanWorkload extends RangeWorkload {
  private static final String SCAN_SQL = "SELECT c FROM %T WHERE id >= ? ORDER BY id LIMIT ?";

  public RangeScanWorkload(
      JdbcTarget target, RangeScan kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, SCAN_SQL);
  }

  @Override
  SqlIteration onRange(String sql, long first, long last, SplittableRandom random) {
    // As many rows as there are from there, whatever was deleted.
    return SqlIteration.of(SqlStatement.read(sql, first, last - first + 1), rows -> {});
  }
}
