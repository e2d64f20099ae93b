package io.txbench.jdbc.async;

import io.txbench.core.spi.AsyncWorkload;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.workloads.SqlSteps;
import java.sql.SQLException;

/** A SQL target's event-loop client, as the target's binding opens and names it. */
public interface EventLoopClient extends AutoCloseable {
  /**
   * The step-wise {@code kind} on this client's sessions ({@link AsyncSqlWorkload#onEventLoop}),
   * with {@code target}'s transaction mode, classification and control connections.
   */
  AsyncWorkload<?, SQLException> workload(SqlSteps kind, JdbcTarget target);

  /** The client's name and its transport, as results name a driver. */
  String describe();

  /** Closes its connections and stops its event loops; never throws. */
  @Override
  void close();
}
