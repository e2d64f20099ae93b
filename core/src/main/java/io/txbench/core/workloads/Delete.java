package io.txbench.core.workloads;

import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import java.util.Map;

/**
 * One row deleted by primary key (mongodb-performance-test's {@code delete}). A key already deleted
 * is declined: the iteration completed and wrote nothing. The rows it deletes stay deleted: run
 * prepare again before a kind that expects every row.
 */
public final class Delete extends ItemKind {
  public static final String NAME = "delete";

  public Delete() {
    super(NAME, "one row deleted by primary key");
  }

  /** The rows fell by the deletes that found their row, within what the uncertain ones did. */
  @Override
  public Verification verify(ItemEvidence run) {
    Tally tally = run.tally();
    long deleted = run.before().rows() - run.after().rows();
    Map<String, Long> figures = Invariants.figures(tally);
    figures.put("rows", run.after().rows());
    figures.put("deleted", deleted);
    return addedWithinTally(figures, "deleted rows", deleted, tally);
  }
}
