package io.txbench.jdbc.workloads;

import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Update;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.util.SplittableRandom;

/**
 * {@link Update} on SQL: the non-indexed column {@code c} of one row by primary key, and the row's
 * update counter.
 */
public final class UpdateWorkload extends OneStatementWorkload {
  private static final String UPDATE_SQL =
      "UPDATE %T SET c = ?, updates = updates + 1 WHERE id = ?";

  public UpdateWorkload(
      JdbcTarget target, Update kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, UPDATE_SQL);
  }

  @Override
  SqlIteration next(SplittableRandom random) {
    String sql = randomStatement(random);
    long id = randomId(random);
    String c = data.c(random);
    return onLoadedRow(SqlStatement.write(sql, c, id), id);
  }
}
