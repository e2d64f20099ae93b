package io.txbench.core.workloads;

import io.txbench.core.spi.Verification;
import java.util.Map;

/**
 * The non-indexed column of one row updated by primary key (sysbench oltp_update_non_index), the
 * update counted in the row.
 */
public final class Update extends ItemKind {
  public static final String NAME = "update";

  public Update() {
    super(NAME, "one row changed by primary key");
  }

  /** The update counters grew by a number within the tally. */
  @Override
  public Verification verify(ItemEvidence run) {
    long applied = run.after().updates() - run.before().updates();
    Map<String, Long> figures = Invariants.figures(run.tally());
    figures.put("updated", applied);
    return addedWithinTally(figures, "updates", applied, run.tally());
  }
}
