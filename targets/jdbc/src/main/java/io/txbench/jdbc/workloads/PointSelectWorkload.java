package io.txbench.jdbc.workloads;

import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.PointSelect;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.util.SplittableRandom;

/** {@link PointSelect} on SQL: one row read by primary key. */
public final class PointSelectWorkload extends OneStatementWorkload {
  private static final String SELECT_SQL = "SELECT c FROM %T WHERE id = ?";

  public PointSelectWorkload(
      JdbcTarget target, PointSelect kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, SELECT_SQL);
  }

  @Override
  SqlIteration next(SplittableRandom random) {
    String sql = randomStatement(random);
    long id = randomId(random);
    return onLoadedRow(SqlStatement.read(sql, id), id);
  }
}
