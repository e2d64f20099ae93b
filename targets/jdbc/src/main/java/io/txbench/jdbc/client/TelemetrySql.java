package io.txbench.jdbc.client;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.IntSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The statements of telemetry's own connection (in autocommit), counted: on a server that makes
 * each statement a transaction (PostgreSQL), each one that completed is a commit of txbench's own
 * that the commit cross-check subtracts, and each whose answer never came may have been one. A
 * connection lost (a server restarted, or frozen past the read time-out) is opened again for the
 * next statement, so that telemetry comes back with the server.
 */
public final class TelemetrySql {
  private final JdbcTelemetry.ConnectionOpener opener;
  private final IntSupplier pools;
  private final CountsPublisher publisher;
  private @Nullable Connection connection; // none once closed, until the next statement
  private final SqlDialect dialect;
  private final boolean statementsCommit;
  private long completed;
  private long unanswered;

  /** What a statement's rows give. */
  @FunctionalInterface
  public interface Rows<T> {
    T read(ResultSet rows) throws SQLException;
  }

  TelemetrySql(
      Connection connection,
      JdbcTelemetry.ConnectionOpener opener,
      IntSupplier pools,
      CountsPublisher publisher,
      SqlDialect dialect,
      boolean statementsCommit) {
    this.connection = connection;
    this.opener = opener;
    this.pools = pools;
    this.publisher = publisher;
    this.dialect = dialect;
    this.statementsCommit = statementsCommit;
  }

  /**
   * Runs {@code sql} and reads its rows. A connection lost since its last statement (the server
   * restarted meanwhile) is found out only by this one: the read is tried once more on a new
   * connection, so that a server that is back is read, not reported unreadable.
   */
  public synchronized <T> T query(String sql, Rows<T> rows) throws SQLException {
    boolean opened = connection != null && !connection.isClosed();
    try {
      return attempt(sql, rows);
    } catch (SQLException e) {
      if (!opened || connection != null) {
        throw e; // a new connection failed, or the server answered: nothing to try again
      }
      return attempt(sql, rows);
    }
  }

  private <T> T attempt(String sql, Rows<T> rows) throws SQLException {
    Connection open = connection;
    if (open == null || open.isClosed()) {
      close();
      open = opener.open();
      connection = open;
      open.setAutoCommit(true);
    }
    try (Statement s = open.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      T result = rows.read(rs);
      completed++;
      return result;
    } catch (SQLException | RuntimeException e) {
      io.txbench.core.spi.Failure failure = SqlErrors.classify(e, dialect);
      if (failure.replyLost()) {
        unanswered++;
      }
      if (failure.errorClass() == io.txbench.core.spi.ErrorClass.CONNECTION) {
        close(); // the next statement opens another
      }
      throw e;
    }
  }

  /** Closes the connection it has, if any; never throws. */
  synchronized void close() {
    if (connection == null) {
      return;
    }
    try {
      connection.close();
    } catch (SQLException e) {
      // closing a connection lost already: nothing to do about it
    }
    connection = null;
  }

  /**
   * The connections txbench's pools hold open on the server now beside this one: its workers', and
   * those of prepare, verify and the lease.
   */
  public int poolSessions() {
    return pools.getAsInt();
  }

  /**
   * The commits its statements made so far (none where a read is no transaction), and those of the
   * statements that published the counts of txbench's other sessions ({@link CountsPublisher}).
   */
  public long ownCommits() {
    return (statementsCommit ? completed : 0) + publisher.published();
  }

  /** Its statements so far that may or may not have committed, and the publications alike. */
  public long ownUncertain() {
    return (statementsCommit ? unanswered : 0) + publisher.unanswered();
  }

  /** The statement that publishes a session's counts at once, where the server has one. */
  public java.util.Optional<String> publishStatement() {
    return publisher.statement();
  }
}
