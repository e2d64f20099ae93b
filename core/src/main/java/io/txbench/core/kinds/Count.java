package io.txbench.core.kinds;

import io.txbench.core.DeclaredOption;
import io.txbench.core.Verification;
import java.util.List;

/** The rows of a range of {@code --range-size} ids counted (mongodb-performance-test's count). */
public final class Count extends ItemKind {
  public static final String NAME = "count";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "the rows of a --range-size id range counted";
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
