package io.txbench.cli;

import io.txbench.api.run.DataLevels;
import picocli.CommandLine.Option;

/**
 * Which of the data's steps a command takes: load it (or use what a previous run loaded), drop
 * txbench's own, and verify after each run; and which of them exclude each other.
 */
final class DataSteps extends OptionGroup {
  @Option(
      names = "--drop",
      arity = "0..1",
      fallbackValue = "true",
      paramLabel = "true|false",
      description =
          "Drop every table or collection txbench created in the database (as"
              + " txbench_meta lists them), and nothing else; then stop.")
  boolean drop;

  @Option(
      names = "--drop-first",
      arity = "0..1",
      fallbackValue = "true",
      paramLabel = "true|false",
      description =
          "Drop every table or collection txbench created in the database (as --drop), then"
              + " load and run as usual: mongodb-performance-test's -dropdb, for txbench's own"
              + " data only.")
  boolean dropFirst;

  @Option(
      names = "--skip-setup",
      arity = "0..1",
      fallbackValue = "true",
      paramLabel = "true|false",
      description = "Use the data a previous run loaded.")
  boolean skipSetup;

  @Option(
      names = "--only-setup",
      arity = "0..1",
      fallbackValue = "true",
      paramLabel = "true|false",
      description = "Create and load the data, then stop.")
  boolean onlySetup;

  @Option(
      names = "--verify",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description = "Check the workload's invariants after the run. Default: on.")
  boolean verify;

  @Option(
      names = "--commit-check",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "Compare the server's committed transactions over each run with txbench's count"
              + " (summary.json serverCommits). On PostgreSQL 15 and later txbench's sessions"
              + " publish their counts at once; where the user may not have them, it waits"
              + " about 10 s before and after each run. Default: on.")
  boolean commitCheck;

  /** Refuses steps that exclude each other, in one line. */
  void check() {
    if (skipSetup && onlySetup) {
      throw usage("--skip-setup and --only-setup exclude each other: give one");
    }
    if (dropFirst && (skipSetup || drop)) {
      throw usage(
          "--drop-first excludes "
              + (drop ? "--drop" : "--skip-setup")
              + ": it drops txbench's data, then loads it anew");
    }
    if (drop && (skipSetup || onlySetup)) {
      throw usage("--drop excludes --skip-setup and --only-setup: it only drops");
    }
  }

  /**
   * Refuses several data levels (a list of {@code --table-size}, {@code --scale}) where a step
   * takes one: the data loaded before, one load, a drop.
   */
  void check(DataLevels levels) {
    if (!levels.sweeps()) {
      return;
    }
    String list = "a list of --" + levels.name();
    if (skipSetup) {
      throw usage(
          "--skip-setup runs on the data loaded before, of one size: "
              + list
              + " sweeps over data volume, which sets up each level; give one value, or leave out"
              + " --skip-setup");
    }
    if (onlySetup) {
      throw usage("--only-setup loads one size of data, not " + list + ": give one value");
    }
    if (drop) {
      throw usage("--drop only drops: " + list + " has nothing to measure");
    }
  }
}
