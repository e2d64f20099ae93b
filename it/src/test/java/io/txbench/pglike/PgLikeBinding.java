package io.txbench.pglike;

import io.txbench.core.spi.WorkloadTable;
import io.txbench.core.telemetry.ToolVersion;
import io.txbench.core.workloads.Touch;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlDialect;
import io.txbench.jdbc.schema.SchemaRegistry;
import io.txbench.jdbc.workloads.TouchWorkload;
import io.txbench.postgres.PostgresBinding;

/**
 * The binding of docs/contributing.md's "Adding a database", for a database that speaks
 * PostgreSQL's protocol: it extends {@link PostgresBinding}, so it runs on both PostgreSQL clients
 * ({@code --pg-client}), and serves {@link Touch} beside the SQL module's workloads ("Adding a
 * workload", step 4: the line JdbcBinding would have).
 */
final class PgLikeBinding extends PostgresBinding {
  private final PgLikeDialect dialect = new PgLikeDialect();

  @Override
  public String target() {
    return "pglike";
  }

  @Override
  public int defaultRank() {
    return 10;
  }

  @Override
  protected SqlDialect dialect() {
    return dialect;
  }

  @Override
  public WorkloadTable<JdbcTarget> workloads() {
    return super.workloads()
        .serve(new Touch(), (t, kind, o) -> new TouchWorkload(t, kind, o, registry(t)));
  }

  private static SchemaRegistry registry(JdbcTarget target) {
    return new SchemaRegistry(target.dialect(), ToolVersion.get());
  }
}
