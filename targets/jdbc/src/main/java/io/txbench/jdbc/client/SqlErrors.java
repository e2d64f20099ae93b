package io.txbench.jdbc.client;

import io.txbench.core.spi.Causes;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import org.jspecify.annotations.Nullable;

/**
 * The classification rules every SQL database shares, after its dialect's own. Causes and a batch's
 * chained exceptions are searched too: a driver often wraps the error that tells. A broken or
 * timed-out connection is a lost reply: if it broke during a commit, the server may hold it.
 */
final class SqlErrors {
  private SqlErrors() {}

  static Failure classify(Throwable error, SqlDialect dialect) {
    for (Throwable t : Causes.chain(error)) {
      if (t instanceof SQLException sql) {
        for (SQLException s = sql; s != null; s = s.getNextException()) {
          Failure known = classify(s, dialect);
          if (known != null) {
            return known;
          }
        }
      }
      if (t instanceof IOException) {
        return Failure.replyLost(ErrorClass.CONNECTION);
      }
    }
    return Failure.fatal(ErrorClass.OTHER);
  }

  private static @Nullable Failure classify(SQLException s, SqlDialect dialect) {
    Failure own = dialect.classify(s);
    if (own != null) {
      return own;
    }
    String state = s.getSQLState();
    if ("40001".equals(state)) {
      return Failure.retryable(ErrorClass.SERIALIZATION);
    }
    if ((state != null && state.startsWith("08"))
        || s instanceof SQLTransientConnectionException
        || s instanceof SQLNonTransientConnectionException
        || s instanceof SQLRecoverableException) {
      return Failure.replyLost(ErrorClass.CONNECTION);
    }
    return null;
  }
}
