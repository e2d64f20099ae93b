package io.txbench.cli;

import io.txbench.api.run.DataLevels;
import io.txbench.api.run.RunPlan;
import io.txbench.api.run.TargetSettings;
import io.txbench.cli.options.RangeCheck;
import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.settings.ConnectionSettings;
import io.txbench.core.settings.Limits;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadKind;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.values.Secret;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;
import picocli.CommandLine.ParseResult;

/**
 * The options of a parsed {@link BenchmarkCommand} read into what the run both front doors drive
 * takes: the {@link RunPlan} every target is asked alike, and each target's {@link TargetSettings};
 * what is wrong in them is a usage error.
 */
final class CommandRequest {
  private final BenchmarkCommand c;

  CommandRequest(BenchmarkCommand command) {
    this.c = command;
  }

  /** Settles the targets' names (another name of one is the target's) and the workload's. */
  void chooseTargets() {
    if (c.targets == null || c.targets.isEmpty()) {
      throw c.usage("--benchmark-target: no target is on the class path");
    }
    // Another name of a target (mariadb) is the target's: its options apply, its name is recorded.
    c.targets = c.targets.stream().map(String::trim).map(choice()::canonical).toList();
    c.declared.checkApplies(c.spec, c.targets);
    ParseResult parsed = c.spec.commandLine().getParseResult();
    boolean named = parsed == null || parsed.hasMatchedOption("--workload");
    c.workload = choice().workload(choice().binding(c.targets.get(0)), c.workload, named);
    c.kindOptions.checkApplies(c.spec, List.of(c.workload));
  }

  /** Every target's settings, each priced as {@code --cost-per-hour} says, in the given order. */
  List<TargetSettings> targets() {
    List<TargetSettings> sweep =
        IntStream.range(0, c.targets.size())
            .mapToObj(i -> settings(c.targets.get(i)).pricedAt(c.cost.forTarget(i)))
            .toList();
    c.connection.checkEveryUrlTaken(
        sweep.stream().map(s -> c.providers.forTarget(s.targetName()).orElseThrow()).toList(),
        c.providers.all());
    return sweep;
  }

  /** What every target is asked alike; after {@link #settings}, which learns what to mask. */
  RunPlan plan() {
    DataLevels data = dataLevels();
    return new RunPlan(
        new RunPlan.Runs(
            List.copyOf(c.parallelism),
            data,
            c.targets.size() > 1 || c.parallelism.size() > 1 || data.sweeps(),
            c.warmup != null ? c.warmup : c.shape.length().defaultWarmup(),
            c.warmup != null ? c.warmup : c.shape.length().longestDefaultWarmup(),
            c.connection.embedded ? "--embedded" : null,
            c.shape.startGate(c.connection.connectionIdleTimeout)),
        new RunPlan.Steps(
            c.steps.skipSetup,
            c.steps.onlySetup,
            c.steps.drop,
            c.steps.dropFirst,
            c.steps.verify,
            c.steps.commitCheck),
        new RunPlan.Results(
            c.results.outputDir, EnumSet.copyOf(c.results.reporters), c.thresholds.read(c.steps)),
        new RunPlan.Shown(
            ShownOptions.of(c.spec, ofDeclared(d -> d.shown(c.spec))),
            ofDeclared(DeclaredOptions::owners),
            ofDeclared(DeclaredOptions::roles),
            c.credentials));
  }

  /**
   * The data levels the command asks for: those of its workload's data-volume option, refused in
   * one line where its steps take one.
   */
  private DataLevels dataLevels() {
    DataLevels levels =
        c.providers.kinds().stream()
            .filter(k -> k.name().equals(c.workload))
            .findFirst()
            .map(k -> DeclaredOptions.levels(c.spec, k))
            .orElse(DataLevels.none());
    c.steps.check(levels);
    return levels;
  }

  /**
   * What {@code part} says of the targets' declared options and of the workload kinds', by name:
   * their values as their declarations read them, who declares each, or the roles.
   */
  private <V> Map<String, V> ofDeclared(Function<DeclaredOptions, Map<String, V>> part) {
    Map<String, V> both = new HashMap<>(part.apply(c.declared));
    both.putAll(part.apply(c.kindOptions));
    return both;
  }

  /** One target's benchmark, once the command's options are checked. */
  TargetSettings settings(String target) {
    TargetBinding provider = choice().binding(target);
    WorkloadKind kind = choice().kind(provider, c.workload);
    checkLimits();
    TargetOptions targetOptions = targetOptions(provider);
    WorkloadOptions workloadOptions =
        new WorkloadOptions(
            kind, c.seed, DeclaredOptions.values(c.spec, kind.options(), dataLevels()));
    RunOptions runOptions =
        new RunOptions(
            c.parallelism.get(0),
            c.shape.length(),
            c.shape.length().metricsPeriod(c.results.metricsPeriod),
            c.maxRetries,
            c.maxErrors,
            c.seed,
            Backoff.defaults(),
            c.shape.pacing());
    return new TargetSettings(target, targetOptions, workloadOptions, runOptions, null);
  }

  /** Where the names the command line gives are looked up. */
  private TargetChoice choice() {
    return new TargetChoice(c.providers, c::usage);
  }

  /** Refuses a number out of its range, as a usage error. */
  private void checkLimits() {
    RangeCheck limits = new RangeCheck(c.spec);
    for (int level : c.parallelism) {
      limits.check("--parallelism", Limits.PARALLELISM, (long) level);
    }
    c.results.check(limits);
    c.cost.check(limits, c.targets);
    c.shape.check(limits, c.steps);
    c.steps.check();
    limits.check("--warmup", Limits.WARMUP, c.warmup);
    limits.check("--max-retries", Limits.RETRIES, (long) c.maxRetries);
    if (c.maxErrors < 0) {
      throw c.usage("--max-errors takes 0 (never) or more, not " + c.maxErrors);
    }
  }

  /** Where to connect, with the password, read now (from a file, it is known only now). */
  private TargetOptions targetOptions(TargetBinding provider) {
    int largest = c.parallelism.stream().mapToInt(Integer::intValue).max().orElseThrow();
    Secret secret = c.connection.password(c.environment);
    c.credentials.add(secret.reveal());
    try {
      return ConnectionSettings.resolve(
          c.connection.forTarget(
              provider,
              c.targets.size(),
              largest,
              DeclaredOptions.values(c.spec, provider.options(), DataLevels.none()),
              secret),
          provider,
          c.providers.all());
    } catch (IllegalArgumentException e) {
      throw c.usage("--target-url: " + e.getMessage());
    }
  }
}
