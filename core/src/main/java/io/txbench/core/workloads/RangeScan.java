package io.txbench.core.workloads;

/**
 * {@code --range-size} consecutive rows read from a random id in id order
 * (mongodb-performance-test's {@code iterate_many}, sysbench's simple range).
 */
public final class RangeScan extends ReadOnlyRangeKind {
  public static final String NAME = "range-scan";

  public RangeScan() {
    super(NAME, "--range-size consecutive rows read");
  }
}
