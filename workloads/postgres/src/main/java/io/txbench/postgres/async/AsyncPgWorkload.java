package io.txbench.postgres.async;

import io.txbench.core.engine.Tally;
import io.txbench.core.engine.Worker;
import io.txbench.core.ownership.Lease;
import io.txbench.core.ownership.LeaseMode;
import io.txbench.core.spi.AsyncWorkload;
import io.txbench.core.spi.Growth;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.Verification;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.workloads.SqlSteps;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletionStage;

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

  public AsyncPgWorkload(SqlSteps kind, AsyncPgClient client, JdbcTarget target) {
    this.kind = kind;
    this.client = client;
    this.target = target;
  }

  @Override
  public CompletionStage<?> start(Worker worker, AsyncPgSession session) {
    return session.run(kind.begin(worker));
  }

  @Override
  public AsyncPgSession openSession(Worker worker) throws SQLException {
    return AsyncPgSession.open(client, worker, kind, target);
  }

  @Override
  public List<String> operations() {
    return kind.operations();
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
