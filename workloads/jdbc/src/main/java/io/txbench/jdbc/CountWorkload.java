package io.txbench.jdbc;

import io.txbench.core.AbandonedException;
import io.txbench.core.DeclinedException;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.kinds.Count;
import io.txbench.core.kinds.Oltp;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/** {@link Count} on SQL: the rows of a range of {@code --range-size} ids counted by the server. */
final class CountWorkload extends ItemWorkload {
  private static final String COUNT_SQL = "SELECT COUNT(*) FROM %T WHERE id BETWEEN ? AND ?";
  private final List<String> statements;
  private final long rangeSize;

  CountWorkload(JdbcTarget target, Count kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry);
    statements = perTable(COUNT_SQL);
    rangeSize = options.declared().get(Oltp.RANGE_SIZE);
  }

  @Override
  public JdbcSession openSession(Worker worker) throws SQLException {
    return JdbcSession.open(target, worker, statements.toArray(String[]::new));
  }

  @Override
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    String sql = statements.get(randomTable(worker.random()));
    long start = rangeStart(worker.random(), rangeSize);
    session.transaction(
        s -> {
          PreparedStatement count = s.statement(sql);
          count.setLong(1, start);
          count.setLong(2, start + rangeSize - 1);
          try (ResultSet rs = count.executeQuery()) {
            if (!rs.next()) {
              throw new SQLException("COUNT(*) returned no row");
            }
            return rs.getLong(1);
          }
        });
  }
}
