package io.txbench.core.workloads;

/** The rows of a range of {@code --range-size} ids counted (mongodb-performance-test's count). */
public final class Count extends ReadOnlyRangeKind {
  public static final String NAME = "count";

  public Count() {
    super(NAME, "the rows of a --range-size id range counted");
  }
}
