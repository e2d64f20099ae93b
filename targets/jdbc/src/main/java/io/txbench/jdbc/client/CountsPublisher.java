package io.txbench.jdbc.client;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Has a session's counts published at once, where a server keeps them back a while (PostgreSQL 15
 * and later publish a busy session's statistics up to 10 s after it goes idle): the dialect's
 * statement ({@link SqlDialect#publishCounts()}), where the user may run it, sent by each of
 * txbench's sessions at its quiet moments (a worker's once its session is open and when it stops, a
 * control connection's when it is given back), so that the commit cross-check need not wait for
 * them. Each is a commit of txbench's own, which the check subtracts: {@link #published()} those
 * answered, {@link #unanswered()} those whose answer never came.
 */
public final class CountsPublisher {
  private static final Logger LOG = LoggerFactory.getLogger(CountsPublisher.class);

  private final @Nullable String statement;
  private final SqlDialect dialect;
  private final AtomicLong published = new AtomicLong();
  private final AtomicLong unanswered = new AtomicLong();

  private CountsPublisher(@Nullable String statement, SqlDialect dialect) {
    this.statement = statement;
    this.dialect = dialect;
  }

  /**
   * The publisher of the server {@code c} is connected to: the dialect's statement, once tried on
   * {@code c}; none where the dialect has none, or where the server or its user refuses it.
   */
  static CountsPublisher of(SqlDialect dialect, Connection c) {
    Optional<String> statement = dialect.publishCounts();
    CountsPublisher tried = new CountsPublisher(statement.orElse(null), dialect);
    if (statement.isEmpty()) {
      return tried;
    }
    try {
      tried.run(c);
      return tried;
    } catch (SQLException e) {
      LOG.debug("sessions cannot publish their counts at once: {}", e.getMessage());
      return new CountsPublisher(null, dialect);
    }
  }

  /** The statement that publishes a session's counts, where this server and user have one. */
  public Optional<String> statement() {
    return Optional.ofNullable(statement);
  }

  /**
   * Publishes the counts of {@code c}'s session, outside any transaction (one left open, of nothing
   * a caller kept, is rolled back as the pool would roll it back), and counts it; nothing where
   * there is no statement.
   */
  void publish(Connection c) throws SQLException {
    if (statement == null) {
      return;
    }
    try {
      run(c);
      published.incrementAndGet();
    } catch (SQLException | RuntimeException e) {
      if (SqlErrors.classify(e, dialect).replyLost()) {
        unanswered.incrementAndGet();
      }
      throw e;
    }
  }

  private void run(Connection c) throws SQLException {
    boolean autoCommit = c.getAutoCommit();
    if (!autoCommit) {
      c.rollback();
      c.setAutoCommit(true);
    }
    try (Statement s = c.createStatement()) {
      s.execute(statement);
    } finally {
      if (!autoCommit) {
        c.setAutoCommit(false);
      }
    }
  }

  /** Counts one publication a client of its own sent and saw answered (the event-loop client). */
  public void answered() {
    published.incrementAndGet();
  }

  /** Counts one publication a client of its own sent whose answer never came. */
  public void lost() {
    unanswered.incrementAndGet();
  }

  /** The publications sent and answered so far: each a commit. */
  long published() {
    return published.get();
  }

  /** The publications sent whose answer never came: each may be a commit. */
  long unanswered() {
    return unanswered.get();
  }

  /**
   * {@code c}, which publishes its session's counts when it is closed (given back to its pool); a
   * failure to publish is no failure of the caller's.
   */
  Connection publishingOnClose(Connection c) {
    if (statement == null) {
      return c;
    }
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              if (method.getName().equals("close") && !c.isClosed()) {
                try {
                  publish(c);
                } catch (SQLException | RuntimeException e) {
                  LOG.debug("a control connection did not publish its counts: {}", e.toString());
                }
              }
              try {
                return method.invoke(c, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }
}
