package io.txbench.core;

import java.time.Duration;

/** What a workload is asked to do, target-neutral. */
public record WorkloadOptions(
    String name,
    long tableSize,
    long seed,
    int dayRange,
    Duration bookingSleep,
    boolean disableTransaction) {

  public static final String AIRLINE = "airline";
  public static final String POINT_SELECT = "point-select";
  public static final String INSERT = "insert";
  public static final String UPDATE = "update";

  /** Every workload, in the order help and sweeps list them. */
  public static final java.util.List<String> ALL = java.util.List.of(AIRLINE, POINT_SELECT, INSERT,
      UPDATE);

  /** The same workload with {@code --disable-transaction}. */
  public WorkloadOptions withoutTransactions() {
    return new WorkloadOptions(name, tableSize, seed, dayRange, bookingSleep, true);
  }

  /** Whether iterations of this workload run as multi-statement transactions. */
  public boolean transactional() {
    return AIRLINE.equals(name) && !disableTransaction;
  }
}
