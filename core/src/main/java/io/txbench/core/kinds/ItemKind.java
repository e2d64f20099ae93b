package io.txbench.core.kinds;

import io.txbench.core.DeclaredOption;
import io.txbench.core.Invariants;
import io.txbench.core.OptionValues;
import io.txbench.core.Tally;
import io.txbench.core.Verification;
import io.txbench.core.WorkloadKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What point-select, insert and update share: the table {@code item} of {@code --table-size} rows
 * with ids 1 to N, shaped as sysbench's {@code sbtest}, plus an {@code updates} counter in each
 * row, so that verify can prove what each kind did to it.
 */
public abstract class ItemKind implements WorkloadKind {
  /** The data the item kinds share, as txbench's record and lease name it. */
  public static final String DATA_SET = "items";

  public static final DeclaredOption<Long> TABLE_SIZE =
      DeclaredOption.between(
          "--table-size", "ROWS", "rows loaded, up to 1,000,000,000.", 100_000, 1, 1_000_000_000L);

  @Override
  public final String dataSet() {
    return DATA_SET;
  }

  @Override
  public final List<DeclaredOption<?>> options() {
    return List.of(TABLE_SIZE);
  }

  /** The rows to load. */
  public static long tableSize(OptionValues values) {
    return values.get(TABLE_SIZE);
  }

  /**
   * The verdict on a count the run added ({@code added} {@code what}), which must lie within the
   * tally; {@code figures} are those the summary shows.
   */
  protected static Verification addedWithinTally(
      Map<String, Long> figures, String what, long added, Tally tally) {
    List<String> anomalies = new ArrayList<>();
    Invariants.within(what, added, tally, anomalies);
    return Invariants.verdict(figures, anomalies, tally, (added - tally.applied()) + " of them");
  }

  /** The kind's invariant over what the run changed in the table. */
  public abstract Verification verify(ItemFigures before, ItemFigures after, Tally tally);
}
