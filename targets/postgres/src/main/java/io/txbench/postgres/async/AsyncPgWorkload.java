package io.txbench.postgres.async;

import io.txbench.core.spi.AsyncWorkload;
import io.txbench.core.spi.Growth;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import io.txbench.jdbc.async.ConnectionPool;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.workloads.SqlSteps;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * A SQL kind on the event-loop client: the kind's own workload prepares, attaches, leases and
 * verifies over PgJDBC's control connections as always, and says which statements each iteration
 * sends and what their answers mean ({@link SqlSteps}); this only runs them on the worker's {@link
 * AsyncPgSession}, without blocking.
 */
public final class AsyncPgWorkload implements AsyncWorkload<AsyncPgSession, SQLException> {
  private final SqlSteps kind;
  private final AsyncPgClient client;
  private final JdbcTarget target;
  private @Nullable ConnectionPool<AsyncPgConnection>
      shared; // when the workers outnumber --max-connections

  public AsyncPgWorkload(SqlSteps kind, AsyncPgClient client, JdbcTarget target) {
    this.kind = kind;
    this.client = client;
    this.target = target;
  }

  @Override
  public CompletionStage<?> start(Worker worker, AsyncPgSession session) {
    return session.run(kind.begin(worker));
  }

  /**
   * A worker's session: on a connection of its own, as PgJDBC's workers hold theirs, when {@code
   * --max-connections} has one for every worker; otherwise on the connections every worker shares,
   * taken for an iteration and given back.
   */
  @Override
  public AsyncPgSession openSession(Worker worker) throws SQLException {
    ConnectionPool<AsyncPgConnection> pool;
    if (client.maxConnections() >= worker.workers()) {
      pool = AsyncPgSession.pool(client, kind, target, 1);
    } else {
      synchronized (this) {
        if (shared == null) {
          shared = AsyncPgSession.pool(client, kind, target, client.maxConnections());
        }
        pool = shared;
      }
    }
    return AsyncPgSession.open(client, worker, pool, target);
  }

  @Override
  public CompletionStage<?> startPublishingCounts(AsyncPgSession session) {
    return session.publishCounts();
  }

  @Override
  public void publishCounts(AsyncPgSession session) throws SQLException {
    session.publishCountsNow();
  }

  @Override
  public List<String> operations() {
    return kind.operations();
  }

  @Override
  public List<io.txbench.core.spi.StatementId> timedStatements() {
    return kind.timedStatements();
  }

  @Override
  public void prepare(Progress progress) throws SQLException, SetupException, InterruptedException {
    kind.prepare(progress);
  }

  @Override
  public Growth grow(Progress progress) throws SQLException, SetupException, InterruptedException {
    return kind.grow(progress);
  }

  @Override
  public OptionValues attach() throws SQLException, SetupException {
    return kind.attach();
  }

  @Override
  public Lease lease(LeaseMode mode) throws SQLException, SetupException {
    return kind.lease(mode);
  }

  @Override
  public void beforeRun() throws SQLException {
    kind.beforeRun();
  }

  @Override
  public Verification verify(Tally tally) throws SQLException {
    return kind.verify(tally);
  }
}
