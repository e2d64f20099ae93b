package io.txbench.report.html;

import java.util.List;

/**
 * Runs drawn together in one small chart of each kind: those that share {@code label} (what sets
 * them apart from the other groups, "" when all runs are one group), by index, each with the short
 * name that tells it from the others of the group ({@code names}, as {@code runs}: "postgres ·
 * parallelism 16"; "" where only the run's own label does). Charts of the same {@code scale} (the
 * workload and data) share one y range; others, whose figures do not compare, do not.
 */
record ChartGroup(String label, String scale, List<Integer> runs, List<String> names) {
  ChartGroup {
    runs = List.copyOf(runs);
    names = List.copyOf(names);
  }

  /** The legend label of run {@code run} of this group, its number first (as in the table). */
  String line(int run, String runLabel) {
    String name = names.get(runs.indexOf(run));
    return "#" + (run + 1) + " " + (name.isEmpty() ? runLabel : name);
  }
}
