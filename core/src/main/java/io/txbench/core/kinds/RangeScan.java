package io.txbench.core.kinds;

import io.txbench.core.DeclaredOption;
import io.txbench.core.Verification;
import java.util.List;

/**
 * {@code --range-size} consecutive rows read from a random id in id order
 * (mongodb-performance-test's {@code iterate_many}, sysbench's simple range).
 */
public final class RangeScan extends ItemKind {
  public static final String NAME = "range-scan";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "--range-size consecutive rows read";
  }

  @Override
  protected List<DeclaredOption<?>> ownOptions() {
    return List.of(Oltp.RANGE_SIZE);
  }

  /** A read-only run left the rows as they were. */
  @Override
  public Verification verify(ItemRun run) {
    return unchanged(run);
  }
}
