package io.txbench.jdbc.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.TargetOptions;
import java.io.EOFException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Properties;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** The shared rules, after a dialect that knows nothing of its own. */
class SqlErrorsTest {
  private final SqlDialect plain =
      new SqlDialect() {
        @Override
        public String product() {
          return "plain";
        }

        @Override
        public int defaultPort() {
          return 1;
        }

        @Override
        public String defaultUser() {
          return "plain";
        }

        @Override
        public String defaultDatabase() {
          return "db";
        }

        @Override
        public String jdbcUrl(TargetOptions options) {
          return "jdbc:plain:";
        }

        @Override
        public Properties connectionProperties(TargetOptions options) {
          return new Properties();
        }

        @Override
        public Properties controlProperties(java.time.Duration readTimeout) {
          return new Properties();
        }

        @Override
        public String identityColumn() {
          return "";
        }

        @Override
        public String upsert(String insert, String table, String key, String column, String added) {
          return insert;
        }

        @Override
        public String analyze(String table) {
          return "";
        }

        @Override
        public String epochMillis() {
          return "0";
        }

        @Override
        public @Nullable Failure classify(SQLException error) {
          return error.getErrorCode() == 7 ? Failure.retryable(ErrorClass.DEADLOCK) : null;
        }

        @Override
        public BulkLoader bulkLoader() {
          throw new UnsupportedOperationException("nothing is loaded here");
        }

        @Override
        public void afterExplicitIds(Connection connection, String table, String idColumn) {}
      };

  @Test
  void theDialectSpeaksFirst() {
    assertEquals(
        Failure.retryable(ErrorClass.DEADLOCK),
        SqlErrors.classify(new SQLException("x", "40001", 7), plain));
  }

  @Test
  void standardStatesAndConnectionFailuresWhichLoseTheReply() {
    assertEquals(
        Failure.retryable(ErrorClass.SERIALIZATION),
        SqlErrors.classify(new SQLException("serialization", "40001"), plain));
    assertEquals(
        Failure.replyLost(ErrorClass.CONNECTION),
        SqlErrors.classify(new SQLException("Communications link failure", "08S01"), plain));
    assertEquals(
        Failure.replyLost(ErrorClass.CONNECTION),
        SqlErrors.classify(new SQLTransientConnectionException("pool timeout"), plain));
    assertEquals(
        Failure.replyLost(ErrorClass.CONNECTION),
        SqlErrors.classify(new RuntimeException(new EOFException("closed")), plain));
    assertEquals(
        Failure.fatal(ErrorClass.OTHER),
        SqlErrors.classify(new SQLException("syntax", "42601"), plain));
  }

  @Test
  void aNestedCauseIsFound() {
    SQLException next = new SQLException("batch entry", "40001");
    SQLException batch = new SQLException("batch failed", "XX000");
    batch.setNextException(next);
    assertEquals(Failure.retryable(ErrorClass.SERIALIZATION), SqlErrors.classify(batch, plain));
  }
}
