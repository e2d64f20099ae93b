package io.txbench.mysql.async;

import io.txbench.core.spi.AsyncWorkload;
import io.txbench.jdbc.async.AsyncSqlWorkload;
import io.txbench.jdbc.async.ConnectionPool;
import io.txbench.jdbc.async.EventLoopSession;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.workloads.SqlSteps;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The sessions of the event-loop client ({@link EventLoopSession}) on its connections: the pools
 * they take them from, each connection preparing the kind's statements.
 */
public final class AsyncMySqlSessions {
  private AsyncMySqlSessions() {}

  /**
   * The step-wise {@code kind} on {@code client}'s sessions ({@link AsyncSqlWorkload}), with {@code
   * target}'s transaction mode, classification and control connections.
   */
  public static AsyncWorkload<?, SQLException> workload(
      SqlSteps kind, AsyncMySqlClient client, JdbcTarget target) {
    return new AsyncSqlWorkload<
        EventLoopSession<MySqlWire, AsyncMySqlConnection>, ConnectionPool<AsyncMySqlConnection>>(
        kind,
        client.maxConnections(),
        size -> pool(client, kind, target, size),
        (worker, pool) -> EventLoopSession.open(client::after, worker, pool, target));
  }

  /**
   * A pool of the connections that prepare the statements of {@code kind}: of {@code size}, a
   * worker's own when 1.
   */
  static ConnectionPool<AsyncMySqlConnection> pool(
      AsyncMySqlClient client, SqlSteps kind, JdbcTarget target, int size) {
    List<String> statements = new ArrayList<>(kind.statements());
    statements.addAll(kind.insertsReturningId());
    // Prepared as the run's statements are, its answer read as theirs, where the server has one.
    target.publisher().statement().ifPresent(statements::add);
    List<String> all = List.copyOf(statements);
    Set<String> returningId = Set.copyOf(kind.insertsReturningId());
    boolean autoCommit = target.autoCommit();
    return new ConnectionPool<>(
        size,
        client.connectionWait(),
        () -> new AsyncMySqlConnection(client, all, returningId, target::classify, autoCommit));
  }
}
