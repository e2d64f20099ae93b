package io.txbench.jdbc;

import io.txbench.core.AbandonedException;
import io.txbench.core.DeclinedException;
import io.txbench.core.Invariants;
import io.txbench.core.Tally;
import io.txbench.core.Verification;
import io.txbench.core.Worker;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.data.ItemData;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * One iteration inserts one row; the server generates its id, so runs over the same data (with
 * {@code --skip-setup}) never collide.
 */
final class InsertWorkload extends ItemWorkload {
  private static final String INSERT = "INSERT INTO item (k, c, pad) VALUES (?, ?, ?)";
  private long countBefore;

  InsertWorkload(JdbcTarget target, WorkloadOptions options, SchemaRegistry registry) {
    super(target, options, registry);
  }

  @Override
  public void beforeRun() throws SQLException {
    try (Connection c = target.controlConnection()) {
      countBefore = count(c);
      commit(c);
    }
  }

  @Override
  public JdbcSession openSession(Worker worker) throws SQLException {
    return JdbcSession.open(target, worker, INSERT);
  }

  @Override
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    int k = ItemData.k(worker.random(), rows);
    String c = data.c(worker.random());
    String pad = data.pad(worker.random());
    session.transaction(s -> {
      PreparedStatement insert = s.statement(INSERT);
      insert.setInt(1, k);
      insert.setString(2, c);
      insert.setString(3, pad);
      return s.write(insert);
    });
  }

  @Override
  public Verification verify(Tally tally) throws SQLException {
    try (Connection c = target.controlConnection()) {
      long after = count(c);
      commit(c);
      return Invariants.inserted(countBefore, after, tally);
    }
  }
}
