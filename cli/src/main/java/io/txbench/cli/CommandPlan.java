package io.txbench.cli;

import io.txbench.core.Credentials;
import io.txbench.core.Threshold;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the command asks of every target alike, checked: one run per level of {@code parallelism} on
 * each target; {@code sweep} when the command makes more than one run in all; {@code shownOptions}
 * are the options as summary.json shows them, secrets masked; {@code thresholds} are held against
 * every run.
 */
record CommandPlan(
    List<Integer> parallelism,
    boolean sweep,
    Duration warmup,
    boolean embedded,
    boolean skipSetup,
    boolean onlySetup,
    boolean drop,
    boolean verify,
    Path outputDir,
    Set<ReporterKind> reporters,
    Map<String, Object> shownOptions,
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
}
