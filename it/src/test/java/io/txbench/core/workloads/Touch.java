package io.txbench.core.workloads;

import io.txbench.core.spi.Verification;
import java.util.Map;

/**
 * The kind docs/contributing.md adds ("Adding a workload", step 1), in the test tree and in the
 * package the guide names: one row's update counter raised by primary key.
 */
public final class Touch extends ItemKind {
  public Touch() {
    super("touch", "one row's update counter raised by primary key");
  }

  @Override
  public Verification verify(ItemEvidence run) {
    long added = run.after().updates() - run.before().updates();
    Map<String, Long> figures = Invariants.figures(run.tally());
    figures.put("updated", added);
    return addedWithinTally(figures, "updates", added, run.tally());
  }
}
