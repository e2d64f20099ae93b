package io.txbench.core.workloads;

import io.txbench.core.spi.Verification;

/** One row read by primary key (sysbench oltp_point_select, pgbench -S). */
public final class PointSelect extends ItemKind {
  public static final String NAME = "point-select";

  public PointSelect() {
    super(NAME, "one row by primary key");
  }

  /** A read-only run left the rows and their update counters as they were. */
  @Override
  public Verification verify(ItemEvidence run) {
    return unchanged(run);
  }
}
