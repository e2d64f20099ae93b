package io.txbench.jdbc.async;

import io.txbench.core.spi.AsyncWorkload;
import io.txbench.core.spi.Growth;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.StatementId;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import io.txbench.jdbc.workloads.SqlSteps;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;

/**
 * A SQL kind on an event-loop client: the kind's own workload prepares, attaches, leases and
 * verifies over the JDBC control connections as always, and says which statements each iteration
 * sends and what their answers mean ({@link SqlSteps}); this only runs them on the worker's
 * session, without blocking.
 *
 * @param <S> the client's session
 * @param <P> the connections a session takes one of for an iteration
 */
public final class AsyncSqlWorkload<S extends AsyncSqlSession, P extends AutoCloseable>
    implements AsyncWorkload<S, SQLException> {
  /** Opens a worker's session on connections of a pool. */
  @FunctionalInterface
  public interface SessionOpener<S, P> {
    S open(Worker worker, P pool) throws SQLException;
  }

  private final SqlSteps kind;
  private final int maxConnections;
  private final IntFunction<P> pools;
  private final SessionOpener<S, P> sessions;
  private @Nullable P shared; // when the workers outnumber --max-connections

  /**
   * {@code kind} on sessions {@code sessions} opens on pools of the size asked made by {@code
   * pools}; {@code maxConnections} the connections the workers may open.
   */
  public AsyncSqlWorkload(
      SqlSteps kind, int maxConnections, IntFunction<P> pools, SessionOpener<S, P> sessions) {
    this.kind = kind;
    this.maxConnections = maxConnections;
    this.pools = pools;
    this.sessions = sessions;
  }

  @Override
  public CompletionStage<?> start(Worker worker, S session) {
    return session.run(kind.begin(worker));
  }

  /**
   * A worker's session: on a connection of its own, as the JDBC workers hold theirs, when {@code
   * --max-connections} has one for every worker; otherwise on the connections every worker shares,
   * taken for an iteration and given back.
   */
  @Override
  public S openSession(Worker worker) throws SQLException {
    P pool;
    if (maxConnections >= worker.workers()) {
      pool = pools.apply(1);
    } else {
      synchronized (this) {
        if (shared == null) {
          shared = pools.apply(maxConnections);
        }
        pool = shared;
      }
    }
    return sessions.open(worker, pool);
  }

  @Override
  public CompletionStage<?> startPublishingCounts(S session) {
    return session.publishCounts();
  }

  @Override
  public void publishCounts(S session) throws SQLException {
    session.publishCountsNow();
  }

  @Override
  public List<String> operations() {
    return kind.operations();
  }

  @Override
  public List<StatementId> timedStatements() {
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
