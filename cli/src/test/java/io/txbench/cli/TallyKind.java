package io.txbench.cli;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.WorkloadKind;
import io.txbench.core.workloads.Invariants;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A kind of workload only the tests know, added as the README's "Adding a workload" says: its name,
 * its data, its own option and its invariant. Each iteration adds {@code --tally-step} to a
 * counter; verify checks the counter grew by the step times what committed.
 */
final class TallyKind implements WorkloadKind {
  static final String NAME = "tally";

  static final DeclaredOption<Long> STEP =
      DeclaredOption.between("--tally-step", "N", "what each iteration adds, 1 to 100.", 1, 1, 100);

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "adds a step to a counter";
  }

  @Override
  public String dataSet() {
    return "tallies";
  }

  @Override
  public List<DeclaredOption<?>> options() {
    return List.of(STEP);
  }

  /** The counter grew by the step for every committed iteration, give or take the uncertain. */
  Verification verify(long before, long after, long step, Tally tally) {
    long added = (after - before) / step;
    Map<String, Long> figures = Invariants.figures(tally);
    figures.put("added", added);
    List<String> anomalies = new ArrayList<>();
    if ((after - before) % step != 0) {
      anomalies.add("the counter grew by " + (after - before) + ", not a multiple of " + step);
    }
    Invariants.within("steps", added, tally, anomalies);
    return Invariants.verdict(figures, anomalies, tally, (added - tally.applied()) + " of them");
  }
}
