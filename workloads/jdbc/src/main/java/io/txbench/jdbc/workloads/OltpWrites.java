package io.txbench.jdbc.workloads;

import io.txbench.core.data.ItemData;
import io.txbench.core.keys.KeyChooser;
import io.txbench.core.kinds.Oltp;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.OptionValues;
import io.txbench.jdbc.JdbcSession;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * The writes of an OLTP transaction, in sysbench's order: {@code --index-updates} of {@code k},
 * {@code --non-index-updates} of {@code c}, then {@code --delete-inserts} rows deleted and put back
 * under the same id with their {@code k} and update count. Each write is a statement of its own,
 * reported through the session, so that without a transaction ({@code --skip-trx}) each is a commit
 * point and a failure part-way leaves a partial iteration.
 */
final class OltpWrites {
  /**
   * How many times an update of one row is sent in a transaction before its row counts as missing.
   * An update changes no row when a concurrent transaction deleted the row and put it back:
   * PostgreSQL at READ COMMITTED skips a row deleted while the update waited for its lock. The next
   * attempt, after that transaction committed, finds the row again.
   */
  private static final int ATTEMPTS = 100;

  /**
   * Without transactions, how long an update looks for a row before it counts as missing: another
   * worker deleted it and puts it back with its next statement, which on a busy machine may wait
   * for the CPU for tens of milliseconds.
   */
  private static final long GIVE_UP_NANOS = 1_000_000_000;

  /**
   * Without transactions, the pause after the {@code n}th attempt: {@code n} times this, up to
   * {@link #MAX_PAUSE_NANOS}. Attempts in a quick loop would take the CPU the other worker needs to
   * put the row back.
   */
  private static final long PAUSE_NANOS = 20_000;

  private static final long MAX_PAUSE_NANOS = 1_000_000;

  private final int indexUpdates;
  private final int nonIndexUpdates;
  private final int deleteInserts;
  private final boolean deleteReturns;
  private final boolean autoCommit;
  private final ItemData data;
  private final KeyChooser keys;

  /**
   * The writes {@code values} ask of {@code kind}, on ids from {@code keys}; {@code deleteReturns}
   * when the server returns the columns of a deleted row: the delete+insert then learns the deleted
   * row's {@code k} and update count in the delete itself. Otherwise the row is read with a locking
   * read first.
   */
  OltpWrites(
      Oltp kind,
      OptionValues values,
      boolean deleteReturns,
      boolean autoCommit,
      ItemData data,
      KeyChooser keys) {
    this.indexUpdates = (int) kind.per(values, Oltp.INDEX_UPDATES);
    this.nonIndexUpdates = (int) kind.per(values, Oltp.NON_INDEX_UPDATES);
    this.deleteInserts = (int) kind.per(values, Oltp.DELETE_INSERTS);
    this.deleteReturns = deleteReturns;
    this.autoCommit = autoCommit;
    this.data = data;
    this.keys = keys;
  }

  /** The statements these writes run, of those of {@link OltpSql}. */
  List<OltpSql> statements() {
    List<OltpSql> used = new ArrayList<>();
    if (indexUpdates > 0) {
      used.add(OltpSql.INDEX_UPDATE);
    }
    if (nonIndexUpdates > 0) {
      used.add(OltpSql.NON_INDEX_UPDATE);
    }
    if (deleteInserts > 0) {
      used.addAll(
          deleteReturns
              ? List.of(OltpSql.DELETE_RETURNING)
              : List.of(OltpSql.LOCKING_READ, OltpSql.DELETE_AS_READ));
      used.add(OltpSql.INSERT);
    }
    return used;
  }

  /**
   * Runs the writes of one transaction on {@code table}, the session counting each statement sent.
   */
  void run(JdbcSession s, OltpTable table, SplittableRandom random)
      throws SQLException, AbandonedException {
    for (int i = 0; i < indexUpdates; i++) {
      long id = keys.next(random);
      updateOne(s, s.statement(table.sql(OltpSql.INDEX_UPDATE), id), id, table);
    }
    for (int i = 0; i < nonIndexUpdates; i++) {
      long id = keys.next(random);
      updateOne(s, s.statement(table.sql(OltpSql.NON_INDEX_UPDATE), data.c(random), id), id, table);
    }
    for (int i = 0; i < deleteInserts; i++) {
      deleteInsert(s, table, random);
    }
  }

  /**
   * Sends an update of the row {@code id} until it changes it: up to {@link #ATTEMPTS} times in a
   * transaction, for up to {@link #GIVE_UP_NANOS} without.
   */
  private void updateOne(JdbcSession s, PreparedStatement update, long id, OltpTable table)
      throws SQLException, AbandonedException {
    long giveUp = 0;
    for (int attempt = 1; ; attempt++) {
      int rows = s.write(update);
      if (rows > 0) {
        return;
      }
      long now = System.nanoTime();
      if (attempt == 1) {
        giveUp = now + GIVE_UP_NANOS;
      }
      if (autoCommit ? now - giveUp > 0 : attempt == ATTEMPTS) {
        throw new SQLException("row " + id + " of table " + table.name() + " is missing");
      }
      if (autoCommit) {
        LockSupport.parkNanos(Math.min(attempt * PAUSE_NANOS, MAX_PAUSE_NANOS));
      }
    }
  }

  /**
   * Deletes a random row and inserts it again under its id with its {@code k} and update count, new
   * {@code c} and {@code pad}. When the delete finds no row, a concurrent transaction has it and
   * puts it back itself: no insert.
   */
  private void deleteInsert(JdbcSession s, OltpTable table, SplittableRandom random)
      throws SQLException, AbandonedException {
    long id = keys.next(random);
    long[] row = deleteReturns ? deleteReturning(s, table, id) : deleteAsRead(s, table, id);
    if (row == null) {
      return;
    }
    s.write(
        s.statement(
            table.sql(OltpSql.INSERT), id, (int) row[0], data.c(random), data.pad(random), row[1]));
  }

  /** The delete that returns the row's k and update count, or null when there was none. */
  private static long @Nullable [] deleteReturning(JdbcSession s, OltpTable table, long id)
      throws SQLException, AbandonedException {
    return s.writeReturning(s.statement(table.sql(OltpSql.DELETE_RETURNING), id), 2);
  }

  /**
   * Reads the row with a lock, then deletes it if it is still as read: its k and update count, or
   * null when there was no row or it changed in between (without a transaction, nothing held it).
   */
  private static long @Nullable [] deleteAsRead(JdbcSession s, OltpTable table, long id)
      throws SQLException, AbandonedException {
    long[] row = null;
    try (ResultSet rs = s.read(s.statement(table.sql(OltpSql.LOCKING_READ), id))) {
      if (rs.next()) {
        row = new long[] {rs.getLong(1), rs.getLong(2)};
      }
    }
    if (row == null) {
      return null;
    }
    int deleted = s.write(s.statement(table.sql(OltpSql.DELETE_AS_READ), id, row[0], row[1]));
    return deleted > 0 ? row : null;
  }
}
