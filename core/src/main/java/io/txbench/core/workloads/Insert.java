package io.txbench.core.workloads;

import io.txbench.core.spi.Verification;
import java.util.Map;

/** One row inserted, its id made by the server (sysbench oltp_insert). */
public final class Insert extends ItemKind {
  public static final String NAME = "insert";

  public Insert() {
    super(NAME, "one row added");
  }

  /** The rows the run added lie within the tally. */
  @Override
  public Verification verify(ItemEvidence run) {
    long inserted = run.after().rows() - run.before().rows();
    Map<String, Long> figures = Invariants.figures(run.tally());
    figures.put("rows", run.after().rows());
    figures.put("inserted", inserted);
    return addedWithinTally(figures, "rows", inserted, run.tally());
  }
}
