package io.txbench.api.run;

import io.txbench.core.engine.StartGate;
import io.txbench.core.spi.OptionRole;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.values.Credentials;
import io.txbench.core.thresholds.Threshold;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What a sweep asks of every target alike (the command line's options, or the Java API's builder),
 * checked: which {@code runs} it makes, the {@code steps} around them, where their {@code results}
 * go, and what of the request the results show ({@code shown}).
 */
public record RunPlan(Runs runs, Steps steps, Results results, Shown shown) {

  /**
   * The runs: for each of the {@code data} levels (one unless a list of {@code --table-size} or
   * {@code --scale} makes a sweep over data volume), a setup, then one run per level of {@code
   * parallelism}, on each target; {@code sweep} when the command makes more than one run in all.
   * The first of them to have its sessions open waits at the {@code start} gate ({@code
   * --start-at}; null: none) for its load to start. An {@code embedded} server is started, said to
   * be for that reason, instead of any other (null: only when nothing answers locally).
   */
  public record Runs(
      List<Integer> parallelism,
      DataLevels data,
      boolean sweep,
      Duration warmup,
      Duration warmupLongest,
      @Nullable String embedded,
      @Nullable StartGate start) {}

  /** The steps around the runs, checked. */
  public record Steps(
      boolean skipSetup,
      boolean onlySetup,
      boolean drop,
      boolean dropFirst,
      boolean verify,
      boolean commitCheck) {}

  /**
   * Where the results go: the {@code outputDir} the user chose (null for a dated default), the
   * {@code reporters} that show them as the runs go, and the {@code thresholds} held against every
   * run.
   */
  public record Results(
      @Nullable Path outputDir, Set<ReporterKind> reporters, List<Threshold> thresholds) {}

  /**
   * What the results show of the command: the {@code options} as summary.json shows them, secrets
   * masked by {@code credentials}; {@code declaredBy} names the targets and workloads that declare
   * an option of their own, and {@code roles} gives the role of each declared option that has one.
   */
  public record Shown(
      Map<String, Object> options,
      Map<String, List<String>> declaredBy,
      Map<String, OptionRole> roles,
      Credentials credentials) {}

  /** Whether the command measures runs and writes their results (not --only-setup, --drop). */
  public boolean writesResults() {
    return !steps.onlySetup() && !steps.drop();
  }

  /** The most workers any level runs: the size of each target's crew. */
  public int largestParallelism() {
    return runs.parallelism().stream().mapToInt(Integer::intValue).max().orElseThrow();
  }

  /**
   * The options as the summary of a run of {@code workload} on {@code target} shows them: the
   * command's own, and those declared by that target or workload, not another's defaults; the data
   * options at the {@code dataLevel}-th level, or as the data a run used was {@code loaded} before.
   */
  public Map<String, Object> shownOptions(
      String target, String workload, int dataLevel, OptionValues loaded) {
    Map<String, Object> options = new java.util.LinkedHashMap<>();
    for (Map.Entry<String, Object> option : shown.options().entrySet()) {
      List<String> owners = shown.declaredBy().get(option.getKey());
      if (owners == null || owners.contains(target) || owners.contains(workload)) {
        options.put(option.getKey(), option.getValue());
      }
    }
    DataLevels data = runs.data();
    if (data.sweeps() && options.containsKey(data.name())) {
      options.put(data.name(), data.values().get(dataLevel));
    }
    options.putAll(loaded.byName());
    return options;
  }

  /** The roles of those of {@code options} that have one, for summary.json's optionRoles. */
  public Map<String, OptionRole> roles(Map<String, Object> options) {
    Map<String, OptionRole> roles = new java.util.LinkedHashMap<>(shown.roles());
    roles.keySet().retainAll(options.keySet());
    return roles;
  }
}
