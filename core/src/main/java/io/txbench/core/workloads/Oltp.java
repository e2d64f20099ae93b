package io.txbench.core.workloads;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * sysbench's OLTP scripts ({@code oltp_read_only}, {@code oltp_write_only}, {@code
 * oltp_read_write}) with their composition and defaults. One iteration is one transaction on a
 * random table: for reads, {@code --point-selects} rows by id, then {@code --simple-ranges}, {@code
 * --sum-ranges}, {@code --order-ranges} and {@code --distinct-ranges} ranges of {@code
 * --range-size} ids; for writes, {@code --index-updates} {@code k = k + 1}, {@code
 * --non-index-updates} of {@code c} (the row's update counted), and {@code --delete-inserts}
 * deletes of a row put back under the same id with its {@code k} and its update count, so that
 * verify can prove the writes: the rows are as many as before, and the sum of {@code k} and the
 * update counters grew by exactly what the committed transactions did.
 */
public final class Oltp extends ItemKind {

  /** The three scripts. */
  public enum Variant {
    READ_ONLY("oltp-read-only", "sysbench oltp_read_only: 14 reads per transaction"),
    WRITE_ONLY("oltp-write-only", "sysbench oltp_write_only: 4 writes per transaction"),
    READ_WRITE("oltp-read-write", "sysbench oltp_read_write: 14 reads, 4 writes per transaction");

    private final String workloadName;
    private final String description;

    Variant(String workloadName, String description) {
      this.workloadName = workloadName;
      this.description = description;
    }
  }

  public static final DeclaredOption<Long> POINT_SELECTS =
      count("--point-selects", 10, "rows read by id");
  public static final DeclaredOption<Long> SIMPLE_RANGES =
      count("--simple-ranges", 1, "ranges read (SELECT c ... BETWEEN)");
  public static final DeclaredOption<Long> SUM_RANGES =
      count("--sum-ranges", 1, "ranges summed (SELECT SUM(k) ... BETWEEN)");
  public static final DeclaredOption<Long> ORDER_RANGES =
      count("--order-ranges", 1, "ranges read in order (... ORDER BY c)");
  public static final DeclaredOption<Long> DISTINCT_RANGES =
      count("--distinct-ranges", 1, "ranges read distinct (SELECT DISTINCT c ... ORDER BY c)");
  public static final DeclaredOption<Long> INDEX_UPDATES =
      count("--index-updates", 1, "updates of the indexed column (k = k + 1)");
  public static final DeclaredOption<Long> NON_INDEX_UPDATES =
      count("--non-index-updates", 1, "updates of the non-indexed column c");
  public static final DeclaredOption<Long> DELETE_INSERTS =
      count("--delete-inserts", 1, "rows deleted and inserted again under the same id");

  /** The ids a range covers; also read by range-scan, count and update-many. */
  public static final DeclaredOption<Long> RANGE_SIZE =
      DeclaredOption.between(
          "--range-size", "ROWS", "ids a range covers (1 to 1,000,000).", 100, 1, 1_000_000);

  public static final DeclaredOption<Boolean> SKIP_TRX =
      DeclaredOption.flag(
          "--skip-trx", "run the statements without a transaction, each committed on its own.");

  private final Variant variant;

  public Oltp(Variant variant) {
    super(variant.workloadName, variant.description);
    this.variant = variant;
  }

  private static DeclaredOption<Long> count(String name, long defaultValue, String what) {
    return DeclaredOption.between(
        name, "N", what + " per transaction (0 to 1,000).", defaultValue, 0, 1_000);
  }

  @Override
  public boolean transactional() {
    return true;
  }

  @Override
  public DeclaredOption<Boolean> withoutTransactionOption() {
    return SKIP_TRX;
  }

  /** Whether transactions read (the read options apply). */
  public boolean reads() {
    return variant != Variant.WRITE_ONLY;
  }

  /** Whether transactions write (the write options apply). */
  public boolean writes() {
    return variant != Variant.READ_ONLY;
  }

  @Override
  protected List<DeclaredOption<?>> ownOptions() {
    List<DeclaredOption<?>> options = new ArrayList<>();
    if (reads()) {
      options.addAll(
          List.of(
              POINT_SELECTS, SIMPLE_RANGES, SUM_RANGES, ORDER_RANGES, DISTINCT_RANGES, RANGE_SIZE));
    }
    if (writes()) {
      options.addAll(List.of(INDEX_UPDATES, NON_INDEX_UPDATES, DELETE_INSERTS));
    }
    return List.copyOf(options);
  }

  /** How many of {@code option} a transaction runs: 0 for an option of the other half. */
  public long per(OptionValues values, DeclaredOption<Long> option) {
    return ownOptions().contains(option) ? values.get(option) : 0;
  }

  /**
   * Read-only: nothing changed. Otherwise: as many rows as before (a delete is put back in the same
   * transaction; without one, a transaction that failed part-way or is in doubt may have lost its
   * rows, and their sums are not checked); the sum of {@code k} grew by the index updates and the
   * update counters by the non-index updates of the committed transactions, within what the
   * uncertain ones may have done.
   */
  @Override
  public Verification verify(ItemEvidence run) {
    if (!writes()) {
      return unchanged(run);
    }
    Tally tally = run.tally();
    long indexUpdates = per(run.options(), INDEX_UPDATES);
    long nonIndexUpdates = per(run.options(), NON_INDEX_UPDATES);
    long deleteInserts = per(run.options(), DELETE_INSERTS);
    long rowsDelta = run.after().rows() - run.before().rows();
    long kDelta = run.after().kSum() - run.before().kSum();
    long updatesDelta = run.after().updates() - run.before().updates();
    Map<String, Long> figures = Invariants.figures(tally);
    figures.put("rows", run.after().rows());
    figures.put("k grew", kDelta);
    figures.put("updates", updatesDelta);
    List<String> anomalies = new ArrayList<>();
    // In a transaction a delete and its insert commit together or not at all. Without, an
    // uncertain iteration may be any prefix of its statements: a delete without its insert, or (one
    // of an earlier run, still on the server) an insert without its delete.
    boolean pieces = run.options().get(SKIP_TRX);
    long broken = tally.partial() + (pieces ? tally.inDoubt() + tally.unsettledBefore() : 0);
    long regained = pieces ? tally.unsettledBefore() : 0;
    if (rowsDelta > regained * deleteInserts || -rowsDelta > broken * deleteInserts) {
      anomalies.add(
          "the run changed the number of rows by "
              + rowsDelta
              + "; each delete is put back in the same transaction");
    }
    List<String> notes = new ArrayList<>();
    if (broken > 0 && deleteInserts > 0) {
      // A row deleted and not put back took its k and its update count with it.
      notes.add(
          broken
              + " iteration(s) run without a transaction failed part-way or are in doubt: the sums"
              + " of k and of the update counters are not checked");
    } else {
      within("k", kDelta, indexUpdates, tally, anomalies);
      within("updates", updatesDelta, nonIndexUpdates, tally, anomalies);
    }
    if (!anomalies.isEmpty() || (tally.uncertain() == 0 && notes.isEmpty())) {
      return Verification.of(figures, anomalies);
    }
    if (notes.isEmpty()) {
      notes.add(tally.uncertain() + " uncertain transaction(s) allowed for");
    }
    return Verification.of(figures, anomalies, notes);
  }

  /**
   * {@code grew} must be {@code each} per committed transaction, plus up to that per uncertain one.
   */
  private static void within(
      String what, long grew, long each, Tally tally, List<String> anomalies) {
    long least = tally.applied() * each;
    long most = (tally.applied() + tally.uncertain()) * each;
    if (grew < least || grew > most) {
      anomalies.add(
          "the "
              + (what.equals("k") ? "sum of k" : "update counters")
              + " grew by "
              + grew
              + ", where "
              + tally.applied()
              + " committed transactions of "
              + each
              + " each make "
              + least
              + (most > least ? " (up to " + most + " with the uncertain)" : ""));
    }
  }
}
