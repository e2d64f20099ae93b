package io.txbench.report.compare;

import io.txbench.report.files.OptionRoles;
import io.txbench.report.files.Printable;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryFile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * What tells the runs compared apart, and what they share. A run's label is its index in compare's
 * order ({@code 1}, {@code 2}...), then the facts whose values differ between the runs: target,
 * server (where it differs on one target), workload, the options that choose its work or size its
 * data, isolation, rate, and threads ({@code x8}); {@code 3 mysql point-select table-size=1000000
 * x8}. The index alone keeps two labels apart (runs alike in every fact, repeats), and no label is
 * ever cut. A fact with one value, among the runs that have it, is said once for all.
 *
 * @param facts what tells each run apart, without its index; "" when nothing does
 * @param shared what every run shares, in lines: the facts of one value ({@code target postgres,
 *     workload point-select, threads 8}), then, when targets differ, each one's server
 */
record RunLabels(List<String> facts, List<String> shared) {

  /**
   * A fact of each run ("" where a run has none), told apart among the runs of the same {@code
   * kind}, and how a label writes a value of it.
   */
  private record Fact(
      String name, List<String> values, List<String> kinds, Function<String, String> inLabel) {
    long distinct() {
      return values.stream().filter(v -> !v.isEmpty()).distinct().count();
    }

    /** Whether every run has the same value: said once for all, not once per workload. */
    boolean alike() {
      return distinct() == 1 && values.stream().noneMatch(String::isEmpty);
    }

    /** Whether the {@code run}-th run's value tells it apart from other runs of its kind. */
    boolean tells(int run) {
      return !values.get(run).isEmpty()
          && IntStream.range(0, values.size())
                  .filter(r -> kinds.get(r).equals(kinds.get(run)))
                  .mapToObj(values::get)
                  .filter(v -> !v.isEmpty())
                  .distinct()
                  .count()
              > 1;
    }
  }

  /**
   * The labels of {@code runs}. An option tells a run apart only from runs of its workload: a table
   * size that only tells a point-select from an oltp-read-write is left out of their labels.
   */
  static RunLabels of(List<ResultDirectory> runs) {
    List<SummaryFile> summaries = runs.stream().map(ResultDirectory::summary).toList();
    List<String> all = Collections.nCopies(runs.size(), "");
    List<String> workloads = values(summaries, r -> r.identity().workload());
    List<String> servers = values(summaries, r -> r.identity().serverVersion());
    Fact target = new Fact("target", values(summaries, r -> r.identity().target()), all, v -> v);
    List<Fact> facts = new ArrayList<>();
    facts.add(target);
    String perTarget = target.distinct() > 1 ? byTarget(target.values(), servers) : null;
    if (perTarget == null) {
      facts.add(new Fact("server", ServerNames.shortened(servers), all, v -> v));
    }
    facts.add(new Fact("workload", workloads, all, v -> v));
    Set<String> options = new LinkedHashSet<>(WorkloadData.WORK_OPTIONS);
    options.addAll(WorkloadData.DATA_OPTIONS);
    summaries.forEach(r -> options.addAll(OptionRoles.guarantees(r)));
    options.add("rate");
    for (String name : options) {
      List<String> values = values(summaries, r -> WorkloadData.option(r, name));
      facts.add(new Fact(name, values, workloads, v -> name + "=" + v));
    }
    List<String> threads = values(summaries, r -> String.valueOf(r.identity().parallelism()));
    facts.add(new Fact("threads", threads, all, v -> "x" + v));
    List<String> labels =
        IntStream.range(0, runs.size())
            .mapToObj(
                i ->
                    String.join(
                        " ",
                        facts.stream()
                            .filter(f -> f.tells(i))
                            .map(f -> f.inLabel().apply(f.values().get(i)))
                            .toList()))
            .toList();
    return new RunLabels(labels, shared(facts, servers, workloads, perTarget));
  }

  /**
   * What no label says, in lines: what every run shares, each target's server ({@code perTarget},
   * when targets differ), and by workload the options that tell none of its runs apart.
   */
  private static List<String> shared(
      List<Fact> facts, List<String> servers, List<String> workloads, @Nullable String perTarget) {
    Map<String, List<String>> untold = new LinkedHashMap<>(); // by workload, "" for every run
    boolean oneWorkload = workloads.stream().distinct().count() == 1;
    untold.put("", new ArrayList<>());
    workloads.forEach(w -> untold.putIfAbsent(oneWorkload ? "" : w, new ArrayList<>()));
    for (Fact fact : facts) {
      for (int i = 0; i < workloads.size(); i++) {
        if (!fact.values().get(i).isEmpty() && !fact.tells(i)) {
          String value = fact.name().equals("server") ? servers.get(i) : fact.values().get(i);
          String kind = oneWorkload || fact.alike() ? "" : fact.kinds().get(i);
          List<String> words = untold.computeIfAbsent(kind, k -> new ArrayList<>());
          if (!words.contains(fact.name() + " " + value)) {
            words.add(fact.name() + " " + value);
          }
        }
      }
    }
    List<String> shared = new ArrayList<>();
    List<String> said = untold.getOrDefault("", List.of());
    untold.remove("");
    untold.values().removeIf(List::isEmpty);
    if (!said.isEmpty()) {
      shared.add(String.join(", ", said));
    }
    if (perTarget != null) {
      shared.add("servers: " + perTarget);
    }
    if (!untold.isEmpty()) {
      List<String> byWorkload = new ArrayList<>();
      untold.forEach((w, words) -> byWorkload.add(w + " " + String.join(", ", words)));
      shared.add("options: " + String.join("; ", byWorkload));
    }
    return List.copyOf(shared);
  }

  /** The label of the {@code run}-th run (0-based): its index from 1, then its facts. */
  String label(int run) {
    return (run + 1) + (facts.get(run).isEmpty() ? "" : " " + facts.get(run));
  }

  /** The printable values of {@code of} for each run; "" for none. */
  private static List<String> values(List<SummaryFile> runs, Function<SummaryFile, String> of) {
    return runs.stream()
        .map(r -> of.apply(r))
        .map(v -> v == null ? "" : Printable.field(v))
        .toList();
  }

  /**
   * Each target's one value of {@code values}, in words ("postgres PostgreSQL 17.2, mysql MariaDB
   * 10.11.6"); null when a target's runs have two.
   */
  private static @Nullable String byTarget(List<String> targets, List<String> values) {
    Map<String, String> byTarget = new LinkedHashMap<>();
    for (int i = 0; i < targets.size(); i++) {
      String before = byTarget.putIfAbsent(targets.get(i), values.get(i));
      if (before != null && !before.equals(values.get(i))) {
        return null;
      }
    }
    List<String> words = new ArrayList<>();
    byTarget.forEach((t, v) -> words.add(t + " " + v));
    return String.join(", ", words);
  }
}
