package io.txbench.jdbc.workloads;

import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Workload;
import io.txbench.jdbc.JdbcSession;
import java.sql.SQLException;
import java.util.List;
import java.util.SplittableRandom;

/**
 * An item kind whose iteration is one statement, described apart from the client that runs it:
 * JDBC's session on a worker thread, or an event-loop client's chain. Each kind says which
 * statement an iteration runs and what its answer means; a client only sends it, in autocommit,
 * reporting a write as a commit point, and counts the rows it read (every one fetched) or changed.
 */
public interface SingleStatements extends Workload<JdbcSession, SQLException> {
  /** Every statement an iteration may run, to prepare on each session before the run. */
  List<String> statements();

  /** The statement of the next iteration, drawn with the worker's {@code random}. */
  SqlStatement next(SplittableRandom random);

  /**
   * What the answer of {@code statement} means, given the {@code rows} it read or changed: nothing
   * for a good one, {@link SQLException} for a row that should be there and is not, {@link
   * DeclinedException} for an iteration that found nothing to do (a key already deleted).
   */
  void settle(SqlStatement statement, long rows) throws SQLException, DeclinedException;
}
