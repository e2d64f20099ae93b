package io.txbench.cli;

import io.txbench.core.settings.Credentials;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.thresholds.Threshold;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the command asks of every target alike, checked: for each of the {@code data} levels (one
 * unless a list of {@code --table-size} or {@code --scale} makes a sweep over data volume), a
 * setup, then one run per level of {@code parallelism}, on each target; {@code sweep} when the
 * command makes more than one run in all; {@code shownOptions} are the options as summary.json
 * shows them, secrets masked, and {@code declaredBy} names the targets and workloads that declare
 * an option of their own; {@code thresholds} are held against every run.
 */
record CommandPlan(
    List<Integer> parallelism,
    DataLevels data,
    boolean sweep,
    Duration warmup,
    boolean embedded,
    boolean skipSetup,
    boolean onlySetup,
    boolean drop,
    boolean dropFirst,
    boolean verify,
    boolean commitCheck,
    Path outputDir,
    Set<ReporterKind> reporters,
    Map<String, Object> shownOptions,
    Map<String, List<String>> declaredBy,
    Credentials credentials,
    List<Threshold> thresholds) {

  /** Whether the command measures runs and writes their results (not --only-setup, --drop). */
  boolean writesResults() {
    return !onlySetup && !drop;
  }

  /** The most workers any level runs: the size of each target's crew. */
  int largestParallelism() {
    return parallelism.stream().mapToInt(Integer::intValue).max().orElseThrow();
  }

  /**
   * The options as the summary of a run of {@code workload} on {@code target} shows them: the
   * command's own, and those declared by that target or workload, not another's defaults; the data
   * options at the {@code dataLevel}-th level, or as the data a run used was {@code loaded} before.
   */
  Map<String, Object> shownOptions(
      String target, String workload, int dataLevel, OptionValues loaded) {
    Map<String, Object> shown = shownOptions(target, workload);
    if (data.sweeps() && shown.containsKey(data.name())) {
      shown.put(data.name(), data.value(dataLevel));
    }
    loaded.byName().forEach((name, value) -> shown.replace(name, value));
    return shown;
  }

  /**
   * The options as the summary of a run of {@code workload} on {@code target} shows them, at the
   * first data level.
   */
  Map<String, Object> shownOptions(String target, String workload) {
    Map<String, Object> shown = new java.util.LinkedHashMap<>();
    shownOptions.forEach(
        (name, value) -> {
          List<String> owners = declaredBy.get(name);
          if (owners == null || owners.contains(target) || owners.contains(workload)) {
            shown.put(name, value);
          }
        });
    return shown;
  }
}
