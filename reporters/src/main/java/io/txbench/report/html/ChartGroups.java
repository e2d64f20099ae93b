package io.txbench.report.html;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Splits many runs into groups small enough for one chart each (small multiples): runs that share
 * every differing fact but one, the innermost (parallelism, rate, table size or scale when they
 * differ, else the fact with the most values), which then tells the runs of a chart apart. A few
 * runs are one group; a group too large is cut in pieces, and runs that share nothing are cut in
 * pieces in their order.
 */
final class ChartGroups {
  /** The most runs one chart holds. */
  static final int MOST = 8;

  private static final List<String> INNERMOST =
      List.of("parallelism", "rate", "table-size", "scale");

  /** Facts that differ from run to run without making them a different experiment. */
  private static final List<String> NOT_GROUPED = List.of("where");

  private ChartGroups() {}

  static List<ChartGroup> of(int runs, List<RunFact> facts) {
    List<Integer> all = java.util.stream.IntStream.range(0, runs).boxed().toList();
    java.util.Set<String> perTarget = RunFacts.perTarget(facts);
    List<RunFact> differing =
        facts.stream()
            .filter(
                f -> !f.same() && !NOT_GROUPED.contains(f.name()) && !perTarget.contains(f.name()))
            .toList();
    if (runs <= MOST) {
      return List.of(new ChartGroup("", all, names(all, differing, null)));
    }
    if (differing.isEmpty()) {
      return pieces("", all, List.of(), null);
    }
    RunFact innermost =
        differing.stream()
            .filter(f -> INNERMOST.contains(f.name()))
            .min(Comparator.comparingInt(f -> INNERMOST.indexOf(f.name())))
            .orElseGet(
                () -> differing.stream().max(Comparator.comparingLong(RunFact::distinct)).get());
    Map<String, List<Integer>> byKey = new LinkedHashMap<>();
    for (int run = 0; run < runs; run++) {
      List<String> key = new ArrayList<>();
      for (RunFact fact : differing) {
        if (!fact.equals(innermost)) {
          key.add(fact.shown(run));
        }
      }
      byKey.computeIfAbsent(String.join(" · ", key), k -> new ArrayList<>()).add(run);
    }
    if (byKey.size() * 2 > runs) {
      return pieces("", all, differing, null); // groups of one run each would compare nothing
    }
    List<ChartGroup> groups = new ArrayList<>();
    byKey.forEach((label, members) -> groups.addAll(pieces(label, members, differing, innermost)));
    return groups;
  }

  /**
   * The names of {@code runs} by the facts of {@code differing} that vary among them ({@code
   * innermost}, when not null, always); "" for each when they do not tell every run apart.
   */
  private static List<String> names(
      List<Integer> runs, List<RunFact> differing, @Nullable RunFact innermost) {
    List<RunFact> varying =
        differing.stream()
            .filter(
                f ->
                    f.equals(innermost)
                        || runs.stream().map(f.values()::get).distinct().count() > 1)
            .toList();
    List<String> names = new ArrayList<>();
    for (int run : runs) {
      names.add(String.join(" · ", varying.stream().map(f -> f.shown(run)).toList()));
    }
    boolean apart = !varying.isEmpty() && names.stream().distinct().count() == names.size();
    return apart ? names : java.util.Collections.nCopies(runs.size(), "");
  }

  /** {@code runs} in pieces of at most {@link #MOST}, each labelled with the runs it holds. */
  private static List<ChartGroup> pieces(
      String label, List<Integer> runs, List<RunFact> differing, @Nullable RunFact innermost) {
    if (runs.size() <= MOST) {
      return List.of(new ChartGroup(label, runs, names(runs, differing, innermost)));
    }
    List<ChartGroup> pieces = new ArrayList<>();
    int count = (runs.size() + MOST - 1) / MOST;
    for (int from = 0; from < runs.size(); from += MOST) {
      List<Integer> piece = runs.subList(from, Math.min(runs.size(), from + MOST));
      String part = "part " + (from / MOST + 1) + " of " + count;
      String which = "runs " + (piece.get(0) + 1) + "–" + (piece.get(piece.size() - 1) + 1);
      pieces.add(
          new ChartGroup(
              label.isEmpty() ? which : label + " (" + part + ")",
              piece,
              names(piece, differing, innermost)));
    }
    return pieces;
  }
}
