package io.txbench.jdbc.workloads;

import io.txbench.core.data.ItemData;
import io.txbench.core.keys.KeyChooser;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.workloads.Oltp;
import io.txbench.jdbc.client.SqlAnswer;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;

/**
 * The writes of an OLTP transaction, in sysbench's order: {@code --index-updates} of {@code k},
 * {@code --non-index-updates} of {@code c}, then {@code --delete-inserts} rows deleted and put back
 * under the same id with their {@code k} and update count. Each write is a statement of its own, a
 * step of the transaction's {@link StepSequence}, so that without a transaction ({@code
 * --skip-trx}) each is a commit point and a failure part-way leaves a partial iteration.
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
   * Adds the writes of one transaction on {@code table} to {@code steps}, each drawing its row from
   * {@code random} when its turn comes.
   */
  void addTo(StepSequence steps, OltpTable table, SplittableRandom random) {
    for (int i = 0; i < indexUpdates; i++) {
      steps.then(
          () -> {
            long id = keys.next(random);
            return new UntilChanged(
                SqlStatement.write(table.sql(OltpSql.INDEX_UPDATE), id), id, table.name());
          });
    }
    for (int i = 0; i < nonIndexUpdates; i++) {
      steps.then(
          () -> {
            long id = keys.next(random);
            String c = data.c(random);
            return new UntilChanged(
                SqlStatement.write(table.sql(OltpSql.NON_INDEX_UPDATE), c, id), id, table.name());
          });
    }
    for (int i = 0; i < deleteInserts; i++) {
      steps.then(() -> new DeleteInsert(table, random));
    }
  }

  /**
   * An update of the row {@code id} sent until it changes it: up to {@link #ATTEMPTS} times in a
   * transaction, for up to {@link #GIVE_UP_NANOS} without, a pause before each attempt again.
   */
  private final class UntilChanged implements SqlIteration {
    private final SqlStatement update;
    private final long id;
    private final String table;
    private int attempts;
    private long giveUp;

    UntilChanged(SqlStatement update, long id, String table) {
      this.update = update;
      this.id = id;
      this.table = table;
    }

    @Override
    public @Nullable SqlStatement next(@Nullable SqlAnswer last) throws SQLException {
      if (last == null) {
        return update;
      }
      if (last.rows() > 0) {
        return null;
      }
      attempts++;
      long now = System.nanoTime();
      if (attempts == 1) {
        giveUp = now + GIVE_UP_NANOS;
      }
      if (autoCommit ? now - giveUp > 0 : attempts == ATTEMPTS) {
        throw new SQLException("row " + id + " of table " + table + " is missing");
      }
      return autoCommit ? update.after(Math.min(attempts * PAUSE_NANOS, MAX_PAUSE_NANOS)) : update;
    }
  }

  /**
   * Deletes a random row and inserts it again under its id with its {@code k} and update count, new
   * {@code c} and {@code pad}: in one delete that returns the row where the server can, otherwise
   * read with a lock, then deleted only if it is still as read (without a transaction, nothing held
   * it). When the delete finds no row, a concurrent transaction has it and puts it back itself: no
   * insert.
   */
  private final class DeleteInsert implements SqlIteration {
    private final OltpTable table;
    private final SplittableRandom random;
    private long id;
    private long k;
    private long updates;
    private int step;

    DeleteInsert(OltpTable table, SplittableRandom random) {
      this.table = table;
      this.random = random;
    }

    @Override
    public @Nullable SqlStatement next(@Nullable SqlAnswer last) {
      if (last == null) {
        id = keys.next(random);
        return deleteReturns
            ? SqlStatement.write(table.sql(OltpSql.DELETE_RETURNING), id).returning(2)
            : SqlStatement.read(table.sql(OltpSql.LOCKING_READ), id).returning(2);
      }
      step++;
      if (last.rows() == 0 || step == 3 || (deleteReturns && step == 2)) {
        return null; // no row to take out, or it is back in
      }
      if (step == 1) {
        k = last.number(0);
        updates = last.number(1);
      }
      if (step == 1 && !deleteReturns) {
        return SqlStatement.write(table.sql(OltpSql.DELETE_AS_READ), id, k, updates);
      }
      return SqlStatement.write(
          table.sql(OltpSql.INSERT), id, (int) k, data.c(random), data.pad(random), updates);
    }
  }
}
