package io.txbench.jdbc.workloads;

import io.txbench.core.data.ItemData;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Insert;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.util.SplittableRandom;

/**
 * {@link Insert} on SQL: one row; the server generates its id, so runs over the same data (with
 * {@code --skip-setup}) never collide.
 */
public final class InsertWorkload extends OneStatementWorkload {
  private static final String INSERT_SQL = "INSERT INTO %T (k, c, pad) VALUES (?, ?, ?)";

  public InsertWorkload(
      JdbcTarget target, Insert kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, INSERT_SQL);
  }

  @Override
  SqlIteration next(SplittableRandom random) {
    String sql = randomStatement(random);
    int k = ItemData.k(random, rows);
    String c = data.c(random);
    String pad = data.pad(random);
    // The server generated the id: any insert that answered added its row.
    return SqlIteration.of(SqlStatement.write(sql, k, c, pad), rows -> {});
  }
}
