package io.txbench.jdbc;

import io.txbench.core.Worker;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * One worker's connection and prepared statements, kept from one iteration to the next as sysbench
 * and pgbench keep theirs: no pool round trip and no statement object per iteration. When the pool
 * has fewer connections than workers, the connection goes back to the pool after each iteration
 * instead. After a failure the connection is rolled back and given back (the pool drops it if it
 * is broken); the next iteration takes a fresh one.
 */
final class JdbcSession implements AutoCloseable {
  private final JdbcTarget target;
  private final boolean hold;
  private final Map<String, PreparedStatement> statements = new HashMap<>();
  private Connection connection;

  private JdbcSession(JdbcTarget target, boolean hold) {
    this.target = target;
    this.hold = hold;
  }

  /** The worker's session, made on its first iteration. */
  static JdbcSession of(Worker worker, JdbcTarget target) {
    if (worker.attachment() instanceof JdbcSession session) {
      return session;
    }
    JdbcSession session = new JdbcSession(target, target.canHoldConnections(worker.workers()));
    worker.attach(session);
    return session;
  }

  /** The prepared statement for {@code sql} on the session's connection. */
  PreparedStatement statement(String sql) throws SQLException {
    if (connection == null) {
      connection = target.connection();
    }
    PreparedStatement statement = statements.get(sql);
    if (statement == null) {
      statement = connection.prepareStatement(sql);
      statements.put(sql, statement);
    }
    return statement;
  }

  /** Ends a successful iteration: commits if the pool does not, and lets go if not holding. */
  void succeeded() throws SQLException {
    if (!target.autoCommit()) {
      connection.commit();
    }
    if (!hold) {
      close();
    }
  }

  /** Ends a failed iteration: rolls back and gives the connection back. */
  void failed(Exception cause) {
    if (connection != null && !target.autoCommit()) {
      try {
        connection.rollback();
      } catch (SQLException e) {
        cause.addSuppressed(e);
      }
    }
    close();
  }

  @Override
  public void close() {
    statements.clear(); // closed with their connection
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        // The pool evicts a connection it cannot take back.
      }
      connection = null;
    }
  }
}
