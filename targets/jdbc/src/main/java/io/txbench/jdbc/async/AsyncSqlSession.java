package io.txbench.jdbc.async;

import io.txbench.core.spi.Pingable;
import io.txbench.jdbc.client.SqlIteration;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;

/** One worker's session on an event-loop client: what {@link AsyncSqlWorkload} runs on it. */
public interface AsyncSqlSession extends AutoCloseable, Pingable {
  /** Runs {@code iteration}'s statements without blocking; completes once it committed. */
  CompletableFuture<Void> run(SqlIteration iteration);

  /** Has the server publish the session's counts at once, without blocking. */
  CompletableFuture<Void> publishCounts();

  /** {@link #publishCounts}, waited for: outside the run's chains only. */
  void publishCountsNow() throws SQLException;

  @Override
  void close();
}
