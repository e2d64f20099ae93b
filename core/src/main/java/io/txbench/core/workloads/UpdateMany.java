package io.txbench.core.workloads;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The non-indexed column of every row in a range of {@code --range-size} ids updated in one
 * statement, each row's update counted (mongodb-performance-test's {@code update_many}).
 */
public final class UpdateMany extends ItemKind {
  public static final String NAME = "update-many";

  public UpdateMany() {
    super(NAME, "the rows of a --range-size id range changed in one statement");
  }

  @Override
  protected List<DeclaredOption<?>> ownOptions() {
    return List.of(Oltp.RANGE_SIZE);
  }

  /**
   * The update counters grew by the rows the committed statements said they changed ({@link
   * ItemEvidence#rowsChanged()}), plus up to a whole range per uncertain one.
   */
  @Override
  public Verification verify(ItemEvidence run) {
    Tally tally = run.tally();
    long grew = run.after().updates() - run.before().updates();
    long range = run.options().get(Oltp.RANGE_SIZE);
    Map<String, Long> figures = Invariants.figures(tally);
    figures.put("rows updated", run.rowsChanged());
    figures.put("updates", grew);
    List<String> anomalies = new ArrayList<>();
    long most = run.rowsChanged() + tally.uncertain() * range;
    if (grew < run.rowsChanged() || grew > most) {
      anomalies.add(
          "the update counters grew by "
              + grew
              + ", where the committed statements changed "
              + run.rowsChanged()
              + " rows"
              + (most > run.rowsChanged() ? " (up to " + most + " with the uncertain)" : ""));
    }
    return Invariants.verdict(
        figures, anomalies, tally, (grew - run.rowsChanged()) + " rows' updates of them");
  }
}
