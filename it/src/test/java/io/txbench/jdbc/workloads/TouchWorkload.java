package io.txbench.jdbc.workloads;

import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Touch;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.SQLException;
import java.util.SplittableRandom;

/** {@link Touch} on SQL, as docs/contributing.md writes it ("Adding a workload", step 2). */
public final class TouchWorkload extends OneStatementWorkload {
  public TouchWorkload(
      JdbcTarget target, Touch kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, "UPDATE %T SET updates = updates + 1 WHERE id = ?");
  }

  @Override
  SqlIteration next(SplittableRandom random) {
    long id = randomId(random);
    return SqlIteration.of(
        SqlStatement.write(randomStatement(random), id),
        rows -> {
          if (rows != 1) {
            throw new SQLException("row " + id + " of table item is missing");
          }
        });
  }
}
