package io.txbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.server.ServerTelemetry;
import io.txbench.core.workloads.PointSelect;
import io.txbench.jdbc.client.IsolationLevel;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The server's counters against a real SQL server: they are read on telemetry's own connection, and
 * read on a new one when that connection is lost (a server restarted, or frozen past the read
 * time-out), instead of leaving a period or the commit cross-check without them.
 */
public abstract class SqlTelemetryContract extends SqlStatementTimesContract {

  @Test
  void theCountersAreReadAgainOnANewConnectionOnceTheirsWasLost() throws Exception {
    try (Target target =
            provider()
                .open(
                    target(1, IsolationLevel.REPEATABLE_READ),
                    new WorkloadOptions(new PointSelect(), 42, OptionValues.defaults()))
                .target();
        ServerTelemetry<?> telemetry = target.telemetry().orElseThrow()) {
      assertFalse(telemetry.columns().isEmpty(), "no counters to read");
      assertFalse(telemetry.read().isEmpty());
      assertTrue(killOtherSessions() > 0, "telemetry's session was not found to end");
      // The first read after the loss finds it out, and is made again on a new connection: the
      // commit cross-check's second reading after a restart is such a read.
      Map<String, Long> again = telemetry.read();
      assertFalse(again.isEmpty(), again::toString);
    }
  }

  /** Ends every session of the server but this one, as a restart would; how many it ended. */
  private int killOtherSessions() throws SQLException {
    try (Connection c = DriverManager.getConnection(url());
        Statement s = c.createStatement()) {
      if (c.getMetaData().getDatabaseProductName().contains("PostgreSQL")) {
        try (ResultSet rs =
            s.executeQuery(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    + " WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'")) {
          rs.next();
          return rs.getInt(1);
        }
      }
      List<Long> ids = new ArrayList<>();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT id FROM information_schema.processlist"
                  + " WHERE id <> CONNECTION_ID() AND command NOT IN ('Daemon', 'Killed')"
                  + " AND user NOT IN ('system user', 'event_scheduler')")) {
        while (rs.next()) {
          ids.add(rs.getLong(1));
        }
      }
      int ended = 0;
      for (long id : ids) {
        try {
          s.execute("KILL CONNECTION " + id);
          ended++;
        } catch (SQLException gone) {
          // ended meanwhile, or this session's own
        }
      }
      return ended;
    }
  }
}
