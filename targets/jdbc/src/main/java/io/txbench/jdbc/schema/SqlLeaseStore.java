package io.txbench.jdbc.schema;

import io.txbench.core.ownership.LeaseRecord;
import io.txbench.core.ownership.LeaseStore;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.server.LeaseMode;
import io.txbench.jdbc.client.JdbcTarget;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The leases on txbench's tables, as rows of {@code txbench_lease}, each written in a transaction
 * of its own on the target's control connections, with the server's clock.
 */
public final class SqlLeaseStore implements LeaseStore<SQLException> {
  public static final String TABLE = "txbench_lease";
  private static final List<String> COLUMNS =
      List.of(
          "record", "holder", "table_group", "mode", "host", "pid", "started_at", "heartbeat_at");

  private final JdbcTarget target;
  private final String now;

  public SqlLeaseStore(JdbcTarget target) {
    this.target = target;
    this.now = target.dialect().epochMillis();
  }

  /** Creates the lease table where there is none; refuses a table of that name not txbench's. */
  public void ensure() throws SQLException, SetupException {
    try (Connection c = open()) {
      SqlCatalog.createIfMissing(
          c,
          TABLE,
          "record VARCHAR(16) NOT NULL,"
              + " holder VARCHAR(64) PRIMARY KEY, table_group VARCHAR(32) NOT NULL,"
              + " mode VARCHAR(16) NOT NULL, host VARCHAR(255) NOT NULL, pid BIGINT NOT NULL,"
              + " started_at BIGINT NOT NULL, heartbeat_at BIGINT NOT NULL");
      if (!SqlCatalog.shapedAs(c, TABLE, COLUMNS)) {
        throw new SetupException(
            "the "
                + SqlCatalog.named(c, TABLE)
                + " is not txbench's (its columns are not txbench's): nothing was touched; use"
                + " another --target-database-name, or rename that table yourself");
      }
    }
  }

  private Connection open() throws SQLException {
    Connection c = target.controlConnection();
    c.setAutoCommit(true);
    return c;
  }

  @Override
  public Snapshot read() throws SQLException {
    try (Connection c = open();
        Statement s = c.createStatement()) {
      long clock;
      try (ResultSet rs = s.executeQuery("SELECT " + now)) {
        rs.next();
        clock = rs.getLong(1);
      }
      List<LeaseRecord> leases = new ArrayList<>();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT holder, table_group, mode, host, pid,"
                  + " started_at, heartbeat_at FROM "
                  + TABLE)) {
        while (rs.next()) {
          leases.add(
              new LeaseRecord(
                  rs.getString(1),
                  rs.getString(2),
                  LeaseMode.valueOf(rs.getString(3)),
                  rs.getString(4),
                  rs.getLong(5),
                  rs.getLong(6),
                  rs.getLong(7)));
        }
      }
      return new Snapshot(clock, leases);
    }
  }

  @Override
  public void insert(LeaseRecord lease) throws SQLException {
    update(
        "INSERT INTO "
            + TABLE
            + " (record, holder, table_group, mode, host, pid,"
            + " started_at, heartbeat_at) VALUES ('"
            + SchemaRegistry.SIGNATURE
            + "', ?, ?, ?, ?, ?, "
            + now
            + ", "
            + now
            + ")",
        lease.id(),
        lease.group(),
        lease.mode().name(),
        lease.host(),
        lease.pid());
  }

  @Override
  public void beat(String id) throws SQLException {
    update("UPDATE " + TABLE + " SET heartbeat_at = " + now + " WHERE holder = ?", id);
  }

  @Override
  public void changeMode(String id, LeaseMode mode) throws SQLException {
    update("UPDATE " + TABLE + " SET mode = ? WHERE holder = ?", mode.name(), id);
  }

  @Override
  public boolean expire(String id, long heartbeatMillis) throws SQLException {
    return update(
            "DELETE FROM " + TABLE + " WHERE holder = ? AND heartbeat_at = ?", id, heartbeatMillis)
        > 0;
  }

  @Override
  public void release(String id) throws SQLException {
    update("DELETE FROM " + TABLE + " WHERE holder = ?", id);
  }

  private int update(String sql, Object... values) throws SQLException {
    try (Connection c = open();
        PreparedStatement p = c.prepareStatement(sql)) {
      for (int i = 0; i < values.length; i++) {
        p.setObject(i + 1, values[i]);
      }
      return p.executeUpdate();
    }
  }
}
