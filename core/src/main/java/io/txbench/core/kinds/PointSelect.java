package io.txbench.core.kinds;

import io.txbench.core.Invariants;
import io.txbench.core.Tally;
import io.txbench.core.Verification;
import java.util.List;
import java.util.Map;

/** One row read by primary key (sysbench oltp_point_select, pgbench -S). */
public final class PointSelect extends ItemKind {
  public static final String NAME = "point-select";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "one row by primary key";
  }

  /** A read-only run left the rows and their update counters as they were. */
  @Override
  public Verification verify(ItemFigures before, ItemFigures after, Tally tally) {
    Map<String, Long> figures = Invariants.figures(tally);
    figures.put("rows", after.rows());
    List<String> anomalies =
        after.equals(before)
            ? List.of()
            : List.of(
                "the data changed during a read-only run: rows "
                    + before.rows()
                    + " -> "
                    + after.rows()
                    + ", updates "
                    + before.updates()
                    + " -> "
                    + after.updates());
    return Verification.of(figures, anomalies);
  }
}
