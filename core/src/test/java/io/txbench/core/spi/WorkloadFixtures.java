package io.txbench.core.spi;

import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.Count;
import io.txbench.core.workloads.Delete;
import io.txbench.core.workloads.Insert;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.Oltp;
import io.txbench.core.workloads.PointSelect;
import io.txbench.core.workloads.RangeScan;
import io.txbench.core.workloads.Update;
import io.txbench.core.workloads.UpdateMany;
import java.util.List;

/** The built-in kinds' options as the targets' tests ask for them, in one line. */
public final class WorkloadFixtures {
  private static final List<WorkloadKind> KINDS =
      List.of(
          new Airline(),
          new PointSelect(),
          new Insert(),
          new Update(),
          new Delete(),
          new RangeScan(),
          new Count(),
          new UpdateMany(),
          new Oltp(Oltp.Variant.READ_ONLY),
          new Oltp(Oltp.Variant.WRITE_ONLY),
          new Oltp(Oltp.Variant.READ_WRITE));

  private WorkloadFixtures() {}

  /** The built-in kind named {@code name}. */
  private static WorkloadKind kind(String name) {
    return KINDS.stream()
        .filter(k -> k.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no kind " + name));
  }

  /** {@code name} with seed 42, on every schedule. */
  public static WorkloadOptions options(String name, long tableSize, boolean noTransaction) {
    return options(name, tableSize, 42, noTransaction, 0);
  }

  /**
   * {@code name}: an item kind loads {@code tableSize} rows; the airline books on the first {@code
   * schedules} (0: all).
   */
  public static WorkloadOptions options(
      String name, long tableSize, long seed, boolean noTransaction, long schedules) {
    WorkloadKind kind = kind(name);
    WorkloadOptions options = new WorkloadOptions(kind, seed, OptionValues.defaults());
    if (kind instanceof ItemKind) {
      options = options.with(ItemKind.TABLE_SIZE, tableSize);
    }
    if (schedules > 0) {
      options = options.with(Airline.SCHEDULES, schedules);
    }
    return noTransaction ? options.withoutTransactions() : options;
  }
}
