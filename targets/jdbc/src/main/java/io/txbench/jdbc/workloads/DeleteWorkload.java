package io.txbench.jdbc.workloads;

import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Delete;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.util.SplittableRandom;

/**
 * {@link Delete} on SQL: one row by primary key; a key already deleted is declined, having changed
 * nothing.
 */
public final class DeleteWorkload extends OneStatementWorkload {
  private static final String DELETE_SQL = "DELETE FROM %T WHERE id = ?";

  public DeleteWorkload(
      JdbcTarget target, Delete kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, DELETE_SQL);
  }

  @Override
  SqlIteration next(SplittableRandom random) {
    String sql = randomStatement(random);
    long id = randomId(random);
    return SqlIteration.of(
        SqlStatement.write(sql, id),
        rows -> {
          if (rows == 0) {
            throw new DeclinedException("row " + id + " is gone");
          }
        });
  }
}
