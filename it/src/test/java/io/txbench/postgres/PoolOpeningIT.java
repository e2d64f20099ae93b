package io.txbench.postgres;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetFixtures;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadFixtures;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.PointSelect;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.client.JdbcTarget;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The workers' pool of a JDBC target holds its connections when the target opens, opened many at a
 * time rather than HikariCP's one at a time with 30 ms between (ParallelOpening), and no more.
 */
class PoolOpeningIT {
  private static final int WORKERS = 64;

  @Test
  void theWorkersPoolHoldsItsConnectionsOnceTheTargetIsOpenAndNoMore() throws Exception {
    try (EmbeddedPostgres postgres = EmbeddedPostgresServer.builder().start()) {
      String url = "jdbc:postgresql://localhost:" + postgres.getPort() + "/postgres?user=postgres";
      TargetOptions target =
          TargetFixtures.at(
              url,
              WORKERS,
              Duration.ofSeconds(60),
              OptionValues.of(IsolationLevel.OPTION, IsolationLevel.READ_COMMITTED));
      WorkloadOptions options = WorkloadFixtures.options(PointSelect.NAME, 100, 1, false, 0);
      try (JdbcTarget opened = new PostgresBinding().open(target, options).target()) {
        // The control pool keeps one or two of its own besides.
        long sessions = txbenchSessions(url);
        assertTrue(
            sessions >= WORKERS && sessions <= WORKERS + 2,
            sessions + " of txbench's sessions, for a pool of " + WORKERS);
      }
    }
  }

  private static long txbenchSessions(String url) throws SQLException {
    try (Connection c = DriverManager.getConnection(url);
        ResultSet rs =
            c.createStatement()
                .executeQuery(
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'txbench'")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
