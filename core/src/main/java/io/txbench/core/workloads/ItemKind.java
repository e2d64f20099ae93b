package io.txbench.core.workloads;

import io.txbench.core.keys.KeyDistribution;
import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the kinds on items share (point-select, insert, update, the sysbench OLTP transactions,
 * mongodb-performance-test's modes, the mix): {@code --tables} tables of {@code --table-size} rows
 * with ids 1 to N, shaped as sysbench's {@code sbtest}, plus an {@code updates} counter in each
 * row, so that verify can prove what each kind did to them; and how keys are chosen ({@code
 * --distribution}). The first table is {@code item}, the others {@code item2} to {@code itemN}.
 */
public abstract class ItemKind extends NamedKind {
  /** The data the item kinds share, as txbench's record and lease name it. */
  public static final String DATA_SET = "items";

  public static final DeclaredOption<Long> TABLE_SIZE =
      DeclaredOption.between(
          "--table-size",
          "ROWS",
          "rows loaded, up to 1,000,000,000; a list in increasing order (1000000,10000000) makes"
              + " a sweep over data volume: each level adds the rows it lacks to the data of the"
              + " level before.",
          100_000,
          1,
          1_000_000_000L);

  public static final DeclaredOption<Long> TABLES =
      DeclaredOption.between(
          "--tables",
          "N",
          "tables of --table-size rows each (1 to 1,000); each iteration picks one at random, as"
              + " sysbench does.",
          1,
          1,
          1_000);

  /** The name of the table of items that owns them; {@code item} for the first. */
  public static final String TABLE = "item";

  protected ItemKind(String name, String description) {
    super(name, description);
  }

  @Override
  public String dataSet() {
    return DATA_SET;
  }

  @Override
  public final List<DeclaredOption<?>> options() {
    List<DeclaredOption<?>> options =
        new ArrayList<>(List.of(TABLE_SIZE, TABLES, KeyDistribution.OPTION));
    options.addAll(ownOptions());
    if (transactional()) {
      options.add(withoutTransactionOption());
    }
    return List.copyOf(options);
  }

  @Override
  public java.util.Optional<DeclaredOption<?>> dataVolume() {
    return java.util.Optional.of(TABLE_SIZE);
  }

  /** The options of this kind beyond those every item kind takes. */
  protected List<DeclaredOption<?>> ownOptions() {
    return List.of();
  }

  /**
   * A minute, and ten seconds more per million rows loaded: the primary key and indexes built after
   * the load take about a second per million rows.
   */
  @Override
  public java.time.Duration patience(OptionValues values) {
    long millions = tableSize(values) * tables(values) / 1_000_000;
    return PATIENCE.plusSeconds(10 * millions);
  }

  /** The name of the first table (and the stem of the others' names). */
  public String table() {
    return TABLE;
  }

  /** The rows to load in each table. */
  public static long tableSize(OptionValues values) {
    return values.get(TABLE_SIZE);
  }

  /** The data options of {@code rows} loaded in each table, as a run on them records them. */
  public static OptionValues loaded(long rows) {
    return OptionValues.of(TABLE_SIZE, rows);
  }

  public static int tables(OptionValues values) {
    return values.get(TABLES).intValue();
  }

  /** The name of table {@code n} (1 to {@code --tables}) of tables named after {@code first}. */
  public static String tableName(String first, int n) {
    return n == 1 ? first : first + n;
  }

  /** How keys are chosen, {@link KeyDistribution#UNIFORM} unless the user said. */
  public KeyDistribution distribution(OptionValues values) {
    return values.get(KeyDistribution.OPTION).or(KeyDistribution.UNIFORM);
  }

  /**
   * The verdict on a count the run changed ({@code added} {@code what}), which must lie within the
   * tally; {@code figures} are those the summary shows.
   */
  protected static Verification addedWithinTally(
      Map<String, Long> figures, String what, long added, Tally tally) {
    List<String> anomalies = new ArrayList<>();
    Invariants.within(what, added, tally, anomalies);
    return Invariants.verdict(figures, anomalies, tally, (added - tally.applied()) + " of them");
  }

  /** The kind's invariant over what the run changed in the tables. */
  public abstract Verification verify(ItemEvidence run);

  /** The verdict of a read-only kind: the run left the rows as they were. */
  protected static Verification unchanged(ItemEvidence run) {
    Map<String, Long> figures = Invariants.figures(run.tally());
    figures.put("rows", run.after().rows());
    List<String> anomalies =
        run.after().equals(run.before())
            ? List.of()
            : List.of(
                "the data changed during a read-only run: rows "
                    + run.before().rows()
                    + " -> "
                    + run.after().rows()
                    + ", updates "
                    + run.before().updates()
                    + " -> "
                    + run.after().updates()
                    + ", sum of k "
                    + run.before().kSum()
                    + " -> "
                    + run.after().kSum());
    return Verification.of(figures, anomalies);
  }
}
