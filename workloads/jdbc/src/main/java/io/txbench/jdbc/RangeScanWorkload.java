package io.txbench.jdbc;

import io.txbench.core.AbandonedException;
import io.txbench.core.DeclinedException;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.kinds.Oltp;
import io.txbench.core.kinds.RangeScan;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * {@link RangeScan} on SQL: {@code --range-size} consecutive rows read in id order from a key,
 * every row fetched, as mongodb-performance-test's {@code iterate_many} walks its cursor.
 */
final class RangeScanWorkload extends ItemWorkload {
  /** The rows from a key on, as many as asked: the rows there are, whatever was deleted. */
  static final String SCAN_SQL = "SELECT c FROM %T WHERE id >= ? ORDER BY id LIMIT ?";

  private final List<String> statements;
  private final long rangeSize;

  RangeScanWorkload(
      JdbcTarget target, RangeScan kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry);
    statements = perTable(SCAN_SQL);
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
          PreparedStatement scan = s.statement(sql);
          scan.setLong(1, start);
          scan.setLong(2, rangeSize);
          try (ResultSet rs = scan.executeQuery()) {
            while (rs.next()) {
              rs.getString(1);
            }
          }
          return null;
        });
  }
}
