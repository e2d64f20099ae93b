package io.txbench.jdbc.workloads;

import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.Workload;
import io.txbench.jdbc.client.JdbcSession;
import io.txbench.jdbc.client.SqlIteration;
import java.sql.SQLException;
import java.util.List;

/**
 * A SQL kind whose iterations are described apart from the client that runs them ({@link
 * SqlIteration}): JDBC's session on a worker thread, or an event-loop client's chain. The kind says
 * which statements an iteration sends and what their answers mean; the client sends them, in the
 * run's transaction mode, reports its commit points and counts its statements.
 */
public interface SqlSteps extends Workload<JdbcSession, SQLException> {
  /** Every statement an iteration may send but the inserts below, prepared before the run. */
  List<String> statements();

  /**
   * The inserts whose statements return the {@code id} the server generated, as the first number of
   * their answer; prepared before the run too.
   */
  default List<String> insertsReturningId() {
    return List.of();
  }

  /** A new iteration, its choices drawn with the worker's random as it goes. */
  SqlIteration begin(Worker worker);

  @Override
  default void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    session.run(begin(worker));
  }

  @Override
  default void publishCounts(JdbcSession session) throws SQLException {
    session.publishCounts();
  }
}
