package io.txbench.jdbc.workloads;

import io.txbench.core.engine.Worker;
import io.txbench.core.kinds.Count;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.JdbcSession;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.ResultSet;
import java.sql.SQLException;

/** {@link Count} on SQL: the rows of a range of {@code --range-size} ids counted by the server. */
public final class CountWorkload extends RangeWorkload {
  private static final String COUNT_SQL = "SELECT COUNT(*) FROM %T WHERE id BETWEEN ? AND ?";

  public CountWorkload(
      JdbcTarget target, Count kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry, COUNT_SQL);
  }

  @Override
  void onRange(Worker worker, JdbcSession session, String sql, long first, long last)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    session.transaction(
        s -> {
          try (ResultSet rs = s.read(s.statement(sql, first, last))) {
            if (!rs.next()) {
              throw new SQLException("COUNT(*) returned no row");
            }
            return rs.getLong(1);
          }
        });
  }
}
