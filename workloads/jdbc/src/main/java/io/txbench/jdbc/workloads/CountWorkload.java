package io.txbench.jdbc.workloads;

import io.txbench.core.kinds.Count;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.SQLException;
import java.util.List;
import java.util.SplittableRandom;

/** {@link Count} on SQL: the rows of a range of {@code --range-size} ids counted by the server. */
public final class CountWorkload extends RangeWorkload {
  private static final String COUNT_SQL = "SELECT COUNT(*) FROM %T WHERE id BETWEEN ? AND ?";

  public CountWorkload(
      JdbcTarget target, Count kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, COUNT_SQL);
  }

  @Override
  SqlStatement onRange(String sql, long first, long last, SplittableRandom random) {
    return new SqlStatement(sql, List.of(first, last), true, first);
  }

  @Override
  public void settle(SqlStatement statement, long rows) throws SQLException {
    if (rows != 1) {
      throw new SQLException("COUNT(*) returned no row");
    }
  }
}
