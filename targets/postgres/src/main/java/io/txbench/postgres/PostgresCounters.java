package io.txbench.postgres;

import io.txbench.core.spi.server.CommitReading;
import io.txbench.core.spi.server.OtherSession;
import io.txbench.core.spi.server.TelemetryColumn;
import io.txbench.jdbc.client.ServerCounters;
import io.txbench.jdbc.client.TelemetrySql;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * PostgreSQL's counters: {@code pg_stat_database} for the current database, which every user may
 * read, and the WAL written ({@code pg_current_wal_lsn()}, which a user may be denied, and which a
 * standby has not). Every statement is a transaction the server counts, txbench's own reads too.
 *
 * <p>Since PostgreSQL 15 a session publishes its counts when a transaction ends at least a second
 * after its last publication, and otherwise 10 s after it went idle (PGSTAT_MIN_INTERVAL and
 * PGSTAT_IDLE_INTERVAL in pgstat.c): a read right after a run misses up to a second of each
 * worker's commits, for up to 10 s. So each of txbench's sessions publishes its counts at its quiet
 * moments ({@code pg_stat_force_next_flush()}, {@link io.txbench.jdbc.client.CountsPublisher}): its
 * own statements here, a worker's when it stops, a control connection's when it is given back. The
 * cross-check waits only for those of txbench's sessions whose last statement was not that (until
 * each has been idle 10 s), and for all of them where the user may not call it. Before 15, a
 * session kept its last half-second of counts until its next transaction: no wait is enough, and
 * there is no cross-check.
 */
final class PostgresCounters implements ServerCounters {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(PostgresCounters.class);

  /** PGSTAT_IDLE_INTERVAL, and a margin for the idle session's timer to fire. */
  private static final Duration PUBLISHED_WITHIN = Duration.ofMillis(10_500);

  private static final Pattern MAJOR = Pattern.compile("PostgreSQL (\\d+)");

  private static final List<TelemetryColumn> DATABASE =
      List.of(
          TelemetryColumn.counter("xact_commit"),
          TelemetryColumn.counter("xact_rollback"),
          TelemetryColumn.counter("blks_read"),
          TelemetryColumn.counter("blks_hit"),
          TelemetryColumn.counter("tup_returned"),
          TelemetryColumn.counter("tup_fetched"),
          TelemetryColumn.counter("tup_inserted"),
          TelemetryColumn.counter("tup_updated"),
          TelemetryColumn.counter("tup_deleted"),
          TelemetryColumn.counter("conflicts"),
          TelemetryColumn.counter("deadlocks"),
          TelemetryColumn.counter("temp_bytes"),
          TelemetryColumn.gauge("numbackends"));

  private static final TelemetryColumn WAL = TelemetryColumn.counter("wal_bytes");
  private static final String WAL_BYTES = "pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint";

  /**
   * Publishes the asking session's counts as its statement ends. As text: PgJDBC looks up the type
   * of a void column with queries of its own on each new connection, commits the check would not
   * know of.
   */
  private static final String FORCE = "pg_stat_force_next_flush()::text";

  /**
   * The other clients' sessions on this database (another application name than txbench's): who,
   * and how long each has been idle; not told of another user's session without the privilege.
   */
  private static final String OTHER_SESSIONS =
      "SELECT pid || '@' || backend_start,"
          + " coalesce(nullif(application_name, ''), 'a client') || ' as ' || coalesce(usename, '?'),"
          + " CASE WHEN state IS NULL THEN NULL WHEN state = 'idle'"
          + " THEN (extract(epoch FROM clock_timestamp() - state_change) * 1000)::bigint ELSE 0 END"
          + " FROM pg_stat_activity WHERE datname = current_database()"
          + " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
          + " AND application_name <> current_setting('application_name')";

  private List<TelemetryColumn> columns = List.of();
  private @Nullable String read; // the statement open chose; none before
  private boolean publishesAtOnce;

  @Override
  public Access open(TelemetrySql sql) throws SQLException {
    publishesAtOnce = succeeds(sql, "SELECT " + FORCE);
    List<TelemetryColumn> all = new ArrayList<>(DATABASE);
    all.add(WAL);
    Optional<String> warning = Optional.empty();
    try {
      use(sql, all);
    } catch (SQLException e) {
      use(sql, DATABASE); // throws when even pg_stat_database is refused: no server telemetry
      warning = Optional.of("no WAL bytes in server.csv: " + firstLine(e.getMessage()));
    }
    return new Access(columns, warning);
  }

  /** Reads {@code chosen} once to see it can, then keeps that statement for every period. */
  private void use(TelemetrySql sql, List<TelemetryColumn> chosen) throws SQLException {
    List<String> expressions = new ArrayList<>();
    if (publishesAtOnce) {
      expressions.add(FORCE);
    }
    for (TelemetryColumn c : chosen) {
      expressions.add(c.equals(WAL) ? WAL_BYTES + " AS wal_bytes" : c.name());
    }
    String statement =
        "SELECT "
            + String.join(", ", expressions)
            + " FROM pg_stat_database WHERE datname = current_database()";
    sql.query(statement, PostgresCounters::row);
    read = statement;
    columns = List.copyOf(chosen);
  }

  private static boolean succeeds(TelemetrySql sql, String statement) {
    try {
      sql.query(statement, rs -> true); // only whether it runs matters, not its rows
      return true;
    } catch (SQLException e) {
      return false;
    }
  }

  @Override
  public Map<String, Long> read(TelemetrySql sql) throws SQLException {
    String statement = read;
    if (statement == null) {
      throw new SQLException("no statement to read the counters with: open chooses it first");
    }
    Map<String, Long> row = sql.query(statement, PostgresCounters::row);
    row.keySet().retainAll(columns.stream().map(TelemetryColumn::name).toList());
    return row;
  }

  /** The first row's numeric columns by name. */
  private static Map<String, Long> row(ResultSet rs) throws SQLException {
    Map<String, Long> values = new LinkedHashMap<>();
    if (!rs.next()) {
      return values;
    }
    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
      // pg_stat_force_next_flush()'s empty text: no number
      if (rs.getObject(i) instanceof Number n) {
        values.put(rs.getMetaData().getColumnLabel(i), n.longValue());
      }
    }
    return values;
  }

  @Override
  public boolean sessionSetUpCountsLate() {
    return !publishesAtOnce; // a worker's session publishes them once it is open
  }

  @Override
  public boolean statementsCommit() {
    return true;
  }

  @Override
  public Optional<String> commitCounter() {
    return Optional.of("xact_commit");
  }

  @Override
  public Optional<String> commitCheckInapplicable(String serverVersion, boolean transactions) {
    if (!transactions) {
      return Optional.of(
          "the iterations are no transactions, and PostgreSQL counts each statement run outside"
              + " one as a transaction of its own");
    }
    Matcher major = MAJOR.matcher(serverVersion);
    if (major.find() && Integer.parseInt(major.group(1)) < 15) {
      return Optional.of(
          "PostgreSQL before 15 keeps a session's last counts until its next transaction");
    }
    return Optional.empty();
  }

  /**
   * Waits until each of txbench's sessions on this database (those with its application name) has
   * published its counts (it is idle since it published them, or has been idle long enough for the
   * server to), then reads the counter, with the sessions opened and the autovacuum and autoanalyze
   * runs so far, which commit too, the server's start ({@code pg_postmaster_start_time()}), and the
   * other clients' sessions on this database.
   */
  @Override
  public CommitReading settle(TelemetrySql sql, Predicate<Duration> pause) throws SQLException {
    // First: a statement of no row calls no function, pg_stat_force_next_flush() neither; the next
    // statement's, of one row, publishes this one's commit too.
    List<OtherSession> sessions = sql.query(OTHER_SESSIONS, PostgresCounters::sessions);
    // A session idle since it published its counts has none left to publish.
    String unpublished =
        sql.publishStatement()
            .map(
                p ->
                    " FILTER (WHERE state IS DISTINCT FROM 'idle' OR query IS DISTINCT FROM '"
                        + p.replace("'", "''")
                        + "')")
            .orElse("");
    long[] activity =
        numbers(
            sql,
            "count(*) FILTER (WHERE state <> 'idle'),"
                + " coalesce(extract(epoch FROM clock_timestamp() - max(state_change)"
                + unpublished
                + ") * 1000, 1e9)"
                + " FROM pg_stat_activity WHERE datname = current_database()"
                + " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
                + " AND application_name = current_setting('application_name')",
            2);
    Duration wait =
        publishesAtOnce
            ? PUBLISHED_WITHIN.minusMillis(Math.min(activity[1], PUBLISHED_WITHIN.toMillis()))
            : PUBLISHED_WITHIN; // its own statements too, the last one just now
    if (!wait.isZero()) {
      LOG.debug(
          "waiting {} s for PostgreSQL to publish every session's counts (the commit cross-check;"
              + " --no-commit-check skips it)",
          String.format(java.util.Locale.US, "%.1f", wait.toMillis() / 1000.0));
    }
    if (!wait.isZero() && !pause.test(wait)) {
      wait = Duration.ZERO; // stopped: the reading is not used
    }
    long own = sql.ownCommits();
    long uncertain = sql.ownUncertain();
    long[] counts =
        numbers(
            sql,
            "xact_commit, sessions,"
                + " (SELECT coalesce(sum(autovacuum_count + autoanalyze_count), 0)"
                + " FROM pg_stat_all_tables),"
                + " (extract(epoch FROM pg_postmaster_start_time()) * 1000000)::bigint"
                + " FROM pg_stat_database WHERE datname = current_database()",
            4);
    Map<String, Long> others = new LinkedHashMap<>();
    others.put("session(s) opened (each commits at login)", counts[1]);
    others.put("autovacuum or autoanalyze run(s)", counts[2]);
    Instant started = Instant.EPOCH.plus(counts[3], ChronoUnit.MICROS);
    return new CommitReading(
        counts[0], own, uncertain, others, wait, activity[0], Optional.of(started), sessions);
  }

  private static List<OtherSession> sessions(ResultSet rs) throws SQLException {
    List<OtherSession> sessions = new ArrayList<>();
    while (rs.next()) {
      long idle = rs.getLong(3);
      sessions.add(
          new OtherSession(
              rs.getString(1),
              rs.getString(2),
              rs.wasNull() ? Optional.empty() : Optional.of(Duration.ofMillis(idle))));
    }
    return sessions;
  }

  /**
   * The first {@code count} numbers of {@code SELECT columns}, which publishes its own counts at
   * once where the user may have it do so (the function's void column comes first then).
   */
  private long[] numbers(TelemetrySql sql, String columns, int count) throws SQLException {
    String select = "SELECT " + (publishesAtOnce ? FORCE + ", " : "") + columns;
    return sql.query(
        select,
        rs -> {
          rs.next();
          int first = publishesAtOnce ? 2 : 1;
          long[] values = new long[count];
          for (int i = 0; i < count; i++) {
            values[i] = rs.getLong(first + i);
          }
          return values;
        });
  }

  /**
   * One: the lease's row is updated in a transaction of its own. The pool's check of the control
   * connection, idle for seconds, is rolled back (JdbcTarget's pool configuration): it commits
   * nothing where iterations are transactions, the only runs this check counts.
   */
  @Override
  public int commitsPerHeartbeat() {
    return 1;
  }

  private static String firstLine(@Nullable String message) {
    String m = String.valueOf(message);
    int end = m.indexOf('\n');
    return end < 0 ? m : m.substring(0, end);
  }
}
