package io.txbench.core.workloads;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.Verification;
import java.util.List;

/**
 * What the read-only kinds over a range of {@code --range-size} ids share (range-scan, count): the
 * option, and the verdict that the run left the rows as they were.
 */
public abstract class ReadOnlyRangeKind extends ItemKind {

  ReadOnlyRangeKind(String name, String description) {
    super(name, description);
  }

  @Override
  protected final List<DeclaredOption<?>> ownOptions() {
    return List.of(Oltp.RANGE_SIZE);
  }

  /** A read-only run left the rows as they were. */
  @Override
  public final Verification verify(ItemEvidence run) {
    return unchanged(run);
  }
}
