package io.txbench.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The statements of telemetry's own connection (in autocommit), counted: on a server that makes
 * each statement a transaction (PostgreSQL), each one that completed is a commit of txbench's own
 * that the commit cross-check subtracts, and each whose answer never came may have been one.
 */
public final class TelemetrySql {
  private final Connection connection;
  private final SqlDialect dialect;
  private final boolean statementsCommit;
  private long completed;
  private long unanswered;

  /** What a statement's rows give. */
  @FunctionalInterface
  public interface Rows<T> {
    T read(ResultSet rows) throws SQLException;
  }

  TelemetrySql(Connection connection, SqlDialect dialect, boolean statementsCommit) {
    this.connection = connection;
    this.dialect = dialect;
    this.statementsCommit = statementsCommit;
  }

  /** Runs {@code sql} and reads its rows. */
  public <T> T query(String sql, Rows<T> rows) throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      T result = rows.read(rs);
      completed++;
      return result;
    } catch (SQLException | RuntimeException e) {
      if (SqlErrors.classify(e, dialect).replyLost()) {
        unanswered++;
      }
      throw e;
    }
  }

  /** The commits its statements made so far (none where a read is no transaction). */
  public long ownCommits() {
    return statementsCommit ? completed : 0;
  }

  /** Its statements so far that may or may not have committed. */
  public long ownUncertain() {
    return statementsCommit ? unanswered : 0;
  }
}
