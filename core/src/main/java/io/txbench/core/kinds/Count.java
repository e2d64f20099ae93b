package io.txbench.core.kinds;

/** The rows of a range of {@code --range-size} ids counted (mongodb-performance-test's count). */
public final class Count extends ReadOnlyRangeKind {
  public static final String NAME = "count";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "the rows of a --range-size id range counted";
  }
}
