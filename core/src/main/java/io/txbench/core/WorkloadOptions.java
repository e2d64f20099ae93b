package io.txbench.core;

import java.time.Duration;

/**
 * What a workload is asked to do, target-neutral. {@code schedules}: the airline books on the
 * first that many schedules only (0: all of them), which with {@code dayRange} sets contention.
 */
public record WorkloadOptions(
    String name,
    long tableSize,
    long seed,
    int dayRange,
    Duration bookingSleep,
    boolean disableTransaction,
    long schedules) {

  public static final String AIRLINE = "airline";
  public static final String POINT_SELECT = "point-select";
  public static final String INSERT = "insert";
  public static final String UPDATE = "update";

  /** Every workload, in the order help and sweeps list them. */
  public static final java.util.List<String> ALL = java.util.List.of(AIRLINE, POINT_SELECT, INSERT,
      UPDATE);

  /** Options that book on every schedule. */
  public WorkloadOptions(String name, long tableSize, long seed, int dayRange,
      Duration bookingSleep, boolean disableTransaction) {
    this(name, tableSize, seed, dayRange, bookingSleep, disableTransaction, 0);
  }

  /** The same workload with {@code --disable-transaction}. */
  public WorkloadOptions withoutTransactions() {
    return new WorkloadOptions(name, tableSize, seed, dayRange, bookingSleep, true, schedules);
  }

  /** How many of {@code loaded} schedules the airline books on. */
  public long schedulesBooked(long loaded) {
    return schedules > 0 ? Math.min(schedules, loaded) : loaded;
  }

  /** Whether iterations of this workload run as multi-statement transactions. */
  public boolean transactional() {
    return AIRLINE.equals(name) && !disableTransaction;
  }
}
