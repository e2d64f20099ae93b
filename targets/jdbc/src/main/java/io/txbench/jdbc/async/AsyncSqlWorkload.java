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
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.workloads.SqlSteps;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.IntFunction;
import java.util.function.LongFunction;
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

  /**
   * Makes a pool's connection that prepares {@code statements}, of which {@code returningId}'s
   * (inserts) return the id the server generated.
   */
  @FunctionalInterface
  public interface ConnectionMaker<C> {
    C make(List<String> statements, Set<String> returningId);
  }

  /**
   * {@code kind} on the event-loop sessions ({@link EventLoopSession}) of a client, with {@code
   * target}'s transaction mode, classification and control connections: each session on a pool of
   * the connections {@code connections} makes, every one preparing the kind's statements, the
   * client's own {@code more} (BEGIN, COMMIT), and the statement that publishes the session's
   * counts where the server has one. That one is prepared as the run's statements are and its
   * answer read as theirs: at each chain's end the code the JIT compiled for the run meets no
   * message it has not seen, so the window after a warm-up does not start on code thrown away.
   *
   * @param maxConnections the connections the workers may open ({@code --max-connections})
   * @param connectionWait the longest an iteration waits for one ({@code
   *     --connection-wait-timeout})
   * @param after the client's timer: a stage completed after so many nanoseconds
   */
  public static <W, C extends EventLoopConnection<W>> AsyncWorkload<?, SQLException> onEventLoop(
      SqlSteps kind,
      JdbcTarget target,
      int maxConnections,
      Duration connectionWait,
      LongFunction<CompletableFuture<Void>> after,
      List<String> more,
      ConnectionMaker<C> connections) {
    List<String> statements = new ArrayList<>(kind.statements());
    statements.addAll(kind.insertsReturningId());
    statements.addAll(more);
    target.publisher().statement().ifPresent(statements::add);
    List<String> all = List.copyOf(statements);
    Set<String> returningId = Set.copyOf(kind.insertsReturningId());
    return new AsyncSqlWorkload<EventLoopSession<W, C>, ConnectionPool<C>>(
        kind,
        maxConnections,
        size ->
            new ConnectionPool<>(size, connectionWait, () -> connections.make(all, returningId)),
        (worker, pool) -> EventLoopSession.open(after, worker, pool, target));
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
