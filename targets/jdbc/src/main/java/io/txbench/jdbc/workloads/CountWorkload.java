package io.txbench.jdbc.workloads;

import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Count;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.SQLException;
import java.util.SplittableRandom;

/** {@link Count} on SQL: the rows of a range of {@code --range-size} ids counted by the server. */
public final class CountWorkload extends RangeWorkload {
  private static final String COUNT_SQL = "SELECT COUNT(*) FROM %T WHERE id BETWEEN ? AND ?";

  public CountWorkload(
      JdbcTarget target, Count kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, COUNT_SQL);
  }

  @Override
  SqlIteration onRange(String sql, long first, long last, SplittableRandom random) {
    return SqlIteration.of(
        SqlStatement.read(sql, first, last),
        rows -> {
          if (rows != 1) {
            throw new SQLException("COUNT(*) returned no row");
          }
        });
  }
}
