package io.txbench.report.html;

import io.txbench.report.compare.WorkloadData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Splits runs into groups that are worth one chart each (small multiples): runs of the same
 * workload and data, then of the same other settings (isolation, rate...), share a chart, their
 * targets and parallelism levels side by side in it: PostgreSQL and MariaDB at 8 threads are the
 * comparison people came for. A group of more than {@link #MOST} runs is cut by parallelism level,
 * a level's runs kept together where they fit.
 */
final class ChartGroups {
  /** The most runs one chart holds. */
  static final int MOST = 8;

  /** What makes runs incomparable (as compare's ratios have it): a chart never mixes them. */
  private static final Set<String> WORKLOAD_AND_DATA =
      Stream.of(List.of("workload"), WorkloadData.WORK_OPTIONS, WorkloadData.DATA_OPTIONS)
          .flatMap(List::stream)
          .collect(Collectors.toUnmodifiableSet());

  /** What a chart's lines differ in. */
  private static final Set<String> IN_ONE_CHART = Set.of("target", "parallelism");

  /** Facts that differ from run to run without making them a different experiment. */
  private static final Set<String> NOT_GROUPED = Set.of("where");

  private ChartGroups() {}

  static List<ChartGroup> of(int runs, List<RunFact> facts) {
    Set<String> perTarget = RunFacts.perTarget(facts);
    List<RunFact> differing =
        facts.stream()
            .filter(
                f -> !f.same() && !NOT_GROUPED.contains(f.name()) && !perTarget.contains(f.name()))
            .toList();
    List<Integer> all = IntStream.range(0, runs).boxed().toList();
    List<RunFact> workload = differing.stream().filter(f -> f.name().equals("workload")).toList();
    List<ChartGroup> groups = new ArrayList<>();
    by(all, workload)
        .forEach(
            (name, ofWorkload) -> {
              // What else sets runs of this workload apart: its data always, settings when they
              // leave more than single runs to compare.
              List<RunFact> data = varying(ofWorkload, differing, WORKLOAD_AND_DATA::contains);
              List<RunFact> settings =
                  varying(
                      ofWorkload,
                      differing,
                      n -> !WORKLOAD_AND_DATA.contains(n) && !IN_ONE_CHART.contains(n));
              by(ofWorkload, data)
                  .forEach(
                      (ofData, members) -> {
                        Map<String, List<Integer>> bySettings = by(members, settings);
                        if (members.size() <= MOST || bySettings.size() * 2 > members.size()) {
                          bySettings = Map.of("", members);
                        }
                        String label = join(name, ofData);
                        bySettings.forEach(
                            (setting, runsOf) ->
                                groups.addAll(
                                    pieces(join(label, setting), label, runsOf, differing)));
                      });
            });
    return groups.size() == 1 && groups.get(0).runs().size() == runs
        ? List.of(new ChartGroup("", "", all, groups.get(0).names()))
        : groups;
  }

  /**
   * The facts of {@code facts} named as {@code named} says whose values differ among {@code runs}.
   */
  private static List<RunFact> varying(
      List<Integer> runs, List<RunFact> facts, java.util.function.Predicate<String> named) {
    return facts.stream()
        .filter(f -> named.test(f.name()))
        .filter(f -> runs.stream().map(f.values()::get).distinct().count() > 1)
        .toList();
  }

  /** {@code runs} by their values of {@code facts}, in the order each value first appears. */
  private static Map<String, List<Integer>> by(List<Integer> runs, List<RunFact> facts) {
    Map<String, List<Integer>> by = new LinkedHashMap<>();
    for (int run : runs) {
      by.computeIfAbsent(said(facts, run), k -> new ArrayList<>()).add(run);
    }
    return by;
  }

  /** "point-select · table-size 100000": the facts a run has a value of. */
  private static String said(List<RunFact> facts, int run) {
    return String.join(
        " · ", facts.stream().map(f -> f.brief(run)).filter(s -> !s.isEmpty()).toList());
  }

  private static String join(String a, String b) {
    return a.isEmpty() ? b : b.isEmpty() ? a : a + " · " + b;
  }

  /**
   * The names of {@code runs} by the facts of {@code differing} that vary among them; "" for each
   * when they do not tell every run apart (the run's own label then does).
   */
  private static List<String> names(List<Integer> runs, List<RunFact> differing) {
    List<RunFact> varying = varying(runs, differing, name -> true);
    List<String> names = runs.stream().map(run -> said(varying, run)).toList();
    boolean apart = !varying.isEmpty() && names.stream().distinct().count() == names.size();
    return apart ? names : java.util.Collections.nCopies(runs.size(), "");
  }

  /**
   * {@code runs} in pieces of at most {@link #MOST} and about the same size, cut between
   * parallelism levels (fewest first) where a level fits in a piece, each piece labelled with the
   * levels or runs it holds.
   */
  private static List<ChartGroup> pieces(
      String label, String scale, List<Integer> runs, List<RunFact> differing) {
    if (runs.size() <= MOST) {
      return List.of(new ChartGroup(label, scale, runs, names(runs, differing)));
    }
    RunFact level =
        differing.stream().filter(f -> f.name().equals("parallelism")).findFirst().orElse(null);
    TreeMap<Long, List<Integer>> byLevel = new TreeMap<>();
    for (int run : runs) {
      long at = level == null ? run : Long.parseLong(level.values().get(run));
      byLevel.computeIfAbsent(at, k -> new ArrayList<>()).add(run);
    }
    int count = (runs.size() + MOST - 1) / MOST;
    int even = (runs.size() + count - 1) / count;
    List<List<Integer>> cut = new ArrayList<>();
    List<Integer> piece = new ArrayList<>();
    for (List<Integer> ofLevel : byLevel.values()) {
      for (int from = 0; from < ofLevel.size(); from += MOST) {
        List<Integer> part = ofLevel.subList(from, Math.min(ofLevel.size(), from + MOST));
        if (!piece.isEmpty() && (piece.size() >= even || piece.size() + part.size() > MOST)) {
          cut.add(piece);
          piece = new ArrayList<>();
        }
        piece.addAll(part);
      }
    }
    cut.add(piece);
    List<ChartGroup> groups = new ArrayList<>();
    for (List<Integer> members : cut) {
      members.sort(Comparator.naturalOrder());
      String which =
          level == null
              ? "runs " + (members.get(0) + 1) + "–" + (members.get(members.size() - 1) + 1)
              : "parallelism " + range(level, members);
      groups.add(new ChartGroup(join(label, which), scale, members, names(members, differing)));
    }
    return groups;
  }

  /** "4" or "1–8": the parallelism levels of {@code runs}. */
  private static String range(RunFact level, List<Integer> runs) {
    long low = runs.stream().mapToLong(r -> Long.parseLong(level.values().get(r))).min().orElse(0);
    long high = runs.stream().mapToLong(r -> Long.parseLong(level.values().get(r))).max().orElse(0);
    return low == high ? String.valueOf(low) : low + "–" + high;
  }
}
