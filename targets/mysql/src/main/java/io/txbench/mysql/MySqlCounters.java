package io.txbench.mysql;

import io.txbench.core.spi.server.CommitReading;
import io.txbench.core.spi.server.OtherSession;
import io.txbench.core.spi.server.TelemetryColumn;
import io.txbench.jdbc.client.ServerCounters;
import io.txbench.jdbc.client.TelemetrySql;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

/**
 * MySQL's and MariaDB's counters: {@code SHOW GLOBAL STATUS}, which needs no privilege, summed over
 * every session at the moment it is asked (a session's counts need no time to show). The columns
 * are those the server has of the list. {@code Com_commit} counts COMMIT statements of every
 * session: a read of txbench's own is none, nor is a lease heartbeat (an autocommit update).
 */
final class MySqlCounters implements ServerCounters {
  private static final List<TelemetryColumn> STATUS =
      List.of(
          TelemetryColumn.counter("Questions"),
          TelemetryColumn.counter("Com_select"),
          TelemetryColumn.counter("Com_insert"),
          TelemetryColumn.counter("Com_update"),
          TelemetryColumn.counter("Com_delete"),
          TelemetryColumn.counter("Com_commit"),
          TelemetryColumn.counter("Com_rollback"),
          TelemetryColumn.counter("Innodb_rows_read"),
          TelemetryColumn.counter("Innodb_rows_inserted"),
          TelemetryColumn.counter("Innodb_rows_updated"),
          TelemetryColumn.counter("Innodb_rows_deleted"),
          TelemetryColumn.counter("Rows_read"), // MariaDB 11's, which has no Innodb_rows_*
          TelemetryColumn.counter("Innodb_buffer_pool_reads"),
          TelemetryColumn.counter("Innodb_buffer_pool_read_requests"),
          TelemetryColumn.counter("Innodb_row_lock_waits"),
          TelemetryColumn.counter("Innodb_row_lock_time"),
          TelemetryColumn.counter("Innodb_data_fsyncs"),
          TelemetryColumn.gauge("Innodb_buffer_pool_pages_dirty"),
          TelemetryColumn.gauge("Threads_running"));

  private static final String COMMITS = "Com_commit";
  private static final String UPTIME = "Uptime";

  /** The client sessions the user may see but telemetry's own, system threads left out. */
  private static final String CLIENT_SESSIONS =
      "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID()"
          + " AND COMMAND NOT IN ('Daemon', 'Binlog Dump', 'Binlog Dump GTID', 'Killed')"
          + " AND USER NOT IN ('system user', 'event_scheduler', 'unauthenticated user')";

  /**
   * This machine's clock when made, moved on by the monotonic one: a server's start, now less its
   * uptime, stays where it is when the machine's clock jumps.
   */
  private final Instant base = Instant.now();

  private final long baseNanos = System.nanoTime();

  private List<TelemetryColumn> columns = List.of();

  /**
   * The most client sessions beyond txbench's own seen at once since the last reading of the
   * counter: read with every period's counters, so that a client that came and went between two
   * readings is seen.
   */
  private long othersSeen;

  @Override
  public Access open(TelemetrySql sql) throws SQLException {
    Map<String, Long> present = status(sql, STATUS);
    List<TelemetryColumn> kept = new ArrayList<>();
    for (TelemetryColumn c : STATUS) {
      if (present.containsKey(c.name().toLowerCase(Locale.ROOT))) {
        kept.add(new TelemetryColumn(c.name().toLowerCase(Locale.ROOT), c.kind()));
      }
    }
    columns = List.copyOf(kept);
    return new Access(
        columns,
        present.containsKey(COMMITS.toLowerCase(Locale.ROOT))
            ? Optional.empty()
            : Optional.of("no commit cross-check: the server does not show " + COMMITS));
  }

  @Override
  public Map<String, Long> read(TelemetrySql sql) throws SQLException {
    Map<String, Long> values = status(sql, columns);
    try {
      othersSeen = Math.max(othersSeen, others(sql));
    } catch (SQLException e) {
      // the process list is the check's, not the period's: its counters are read
    }
    return values;
  }

  /** The client sessions on the server now beyond txbench's own (its pools' and this one). */
  private static long others(TelemetrySql sql) throws SQLException {
    long clients =
        sql.query(
            CLIENT_SESSIONS,
            rs -> {
              rs.next();
              return rs.getLong(1);
            });
    return Math.max(0, clients - sql.poolSessions());
  }

  /** {@code SHOW GLOBAL STATUS} of {@code wanted}, by lower-case name. */
  private static Map<String, Long> status(TelemetrySql sql, List<TelemetryColumn> wanted)
      throws SQLException {
    String names = wanted.stream().map(c -> "'" + c.name() + "'").collect(Collectors.joining(", "));
    return sql.query(
        "SHOW GLOBAL STATUS WHERE Variable_name IN (" + names + ")",
        rs -> {
          Map<String, Long> values = new LinkedHashMap<>();
          while (rs.next()) {
            try {
              values.put(
                  rs.getString(1).toLowerCase(Locale.ROOT), Long.parseLong(rs.getString(2).trim()));
            } catch (NumberFormatException e) {
              // not a number on this server: left out
            }
          }
          return values;
        });
  }

  @Override
  public boolean statementsCommit() {
    return false;
  }

  @Override
  public Optional<String> commitCounter() {
    return Optional.of(COMMITS);
  }

  @Override
  public Optional<String> commitCheckInapplicable(String serverVersion, boolean transactions) {
    return transactions
        ? Optional.empty()
        : Optional.of(
            "the iterations are no transactions, and Com_commit counts COMMIT statements, which"
                + " they do not send");
  }

  /**
   * Reads the counter with the server's uptime, which tells its start, and counts the client
   * sessions beyond txbench's own (the server does not tell them apart: they go unnamed): the most
   * there were at once, now or at a period's reading since the last time, so that a client that
   * connected, committed and left during a run counts.
   */
  @Override
  public CommitReading settle(TelemetrySql sql, Predicate<Duration> pause) throws SQLException {
    Map<String, Long> status =
        status(sql, List.of(TelemetryColumn.counter(COMMITS), TelemetryColumn.counter(UPTIME)));
    Long commits = status.get(COMMITS.toLowerCase(Locale.ROOT));
    if (commits == null) {
      throw new SQLException("the server no longer shows " + COMMITS);
    }
    Instant now = base.plusNanos(System.nanoTime() - baseNanos);
    Optional<Instant> started =
        Optional.ofNullable(status.get(UPTIME.toLowerCase(Locale.ROOT))).map(now::minusSeconds);
    long seen = Math.max(others(sql), othersSeen);
    othersSeen = 0; // from this reading on
    List<OtherSession> others =
        LongStream.range(0, seen)
            .mapToObj(i -> new OtherSession("session " + i, "", Optional.empty()))
            .toList();
    return CommitReading.of(commits, started, others);
  }

  @Override
  public int commitsPerHeartbeat() {
    return 0;
  }
}
