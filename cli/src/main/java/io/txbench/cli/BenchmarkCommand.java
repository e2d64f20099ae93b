package io.txbench.cli;

import io.txbench.api.run.OutputDirectories;
import io.txbench.api.run.ReporterKind;
import io.txbench.api.run.RunPlan;
import io.txbench.api.run.Sweep;
import io.txbench.api.run.TargetSettings;
import io.txbench.cli.help.OptionSections;
import io.txbench.cli.options.DurationConverter;
import io.txbench.cli.tools.CompareCommand;
import io.txbench.cli.tools.ExportCommand;
import io.txbench.cli.tools.HistoryCommand;
import io.txbench.cli.tools.MergeCommand;
import io.txbench.cli.tools.ReportCommand;
import io.txbench.core.settings.Limits;
import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.WorkloadKind;
import io.txbench.core.spi.values.Credentials;
import io.txbench.report.compare.CompareTable;
import io.txbench.report.console.ConsoleProgress;
import io.txbench.report.live.RunWatch;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The benchmark command: options as the OnGres benchmark named them, plus txbench's own. */
@Command(
    name = "txbench",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    sortOptions = false,
    usageHelpAutoWidth = true,
    abbreviateSynopsis = true,
    subcommands = {
      ReportCommand.class,
      CompareCommand.class,
      MergeCommand.class,
      HistoryCommand.class,
      ExportCommand.class
    },
    description = {
      "Drives a database with a workload and measures throughput, response time, retries and"
          + " errors.",
      "With no host, port or URL and nothing listening on the target's default port, an embedded"
          + " server is started."
    })
final class BenchmarkCommand implements Callable<Integer> {
  static final String PASSWORD_VARIABLE = "TXBENCH_PASSWORD";

  @Spec CommandSpec spec;

  @Option(
      names = "--benchmark-target",
      paramLabel = "TARGET",
      split = ",",
      completionCandidates = TargetDefaults.Names.class,
      description =
          "Database to drive: ${COMPLETION-CANDIDATES}; a comma-separated list runs"
              + " each in turn. Default: ${DEFAULT-VALUE}.")
  List<String> targets;

  @Option(
      names = "--workload",
      paramLabel = "NAME",
      completionCandidates = WorkloadNames.class,
      description = "${COMPLETION-CANDIDATES}. Default: ${DEFAULT-VALUE}.")
  String workload;

  @Option(
      names = "--parallelism",
      paramLabel = "N",
      defaultValue = "" + Limits.DEFAULT_PARALLELISM,
      split = ",",
      description =
          "Worker threads, 1 to "
              + Limits.MAX_PARALLELISM
              + "; a list (8,32,64) makes a"
              + " sweep: one measured run per level, data prepared once. Default: ${DEFAULT-VALUE}.")
  List<Integer> parallelism;

  @Mixin RunShape shape;

  @Option(
      names = "--warmup",
      paramLabel = "TIME",
      converter = DurationConverter.class,
      description =
          "Run the load this long first, measuring nothing; up to 24h; 0 for none. Default: 10s"
              + " before a timed run (the JVM compiles its hot code in its first seconds), or a"
              + " third of --duration when that is shorter; none before --iterations.")
  Duration warmup;

  @Mixin ConnectionMixin connection;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "" + Limits.DEFAULT_SEED,
      description =
          "Seed of the generated data and the workers' choices. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Mixin DataSteps steps;

  @Option(
      names = "--max-retries",
      paramLabel = "N",
      defaultValue = "" + Limits.DEFAULT_RETRIES,
      description =
          "Retries (0 to 1000) of an iteration that failed with a retryable error"
              + " (serialization, deadlock), with exponential backoff and jitter."
              + " Default: ${DEFAULT-VALUE}.")
  int maxRetries;

  @Option(
      names = "--max-errors",
      paramLabel = "N",
      defaultValue = "0",
      description = "End the run once this many iterations failed (0: never). Default: 0.")
  long maxErrors;

  @Mixin ThresholdOptions thresholds;

  @Mixin ResultOptions results;

  @Mixin CostOption cost;

  @Option(
      names = "--log-level",
      paramLabel = "LEVEL",
      defaultValue = "warn",
      description =
          "txbench's log on stderr, apart from its console output: error, warn, info (its notes"
              + " too), debug (the driver's and pool's too), trace. Default: ${DEFAULT-VALUE}.")
  String logLevel;

  private final PrintStream out;
  private final PrintStream err;
  final Map<String, String> environment;
  final Bindings providers;
  final Credentials credentials;

  /** The options the targets declare for themselves. */
  final DeclaredOptions declared;

  /** The options the workload kinds declare for themselves. */
  final DeclaredOptions kindOptions;

  BenchmarkCommand(
      PrintStream out,
      PrintStream err,
      Map<String, String> environment,
      Bindings providers,
      Credentials credentials) {
    this.declared = DeclaredOptions.ofTargets(providers.all());
    this.kindOptions = DeclaredOptions.ofKinds(providers.kinds());
    this.out = out;
    this.err = err;
    this.environment = environment;
    this.providers = providers;
    this.credentials = credentials;
  }

  /**
   * The command line of {@code command}: its own options, those its targets declare, and the
   * default target the providers name.
   */
  static CommandLine commandLine(BenchmarkCommand command) {
    CommandLine cli = new CommandLine(command);
    command.declared.addTo(cli.getCommandSpec());
    command.kindOptions.addTo(cli.getCommandSpec());
    OptionSections.install(
        cli,
        command.kindOptions.owners().keySet().stream().map(n -> "--" + n).toList(),
        command.declared.owners().keySet().stream().map(n -> "--" + n).toList());
    String defaultTarget = command.providers.defaultTarget().orElse(null);
    // The default target's first workload.
    String defaultWorkload =
        command
            .providers
            .defaultTarget()
            .flatMap(command.providers::forTarget)
            .flatMap(p -> p.workloads().kinds().stream().findFirst())
            .map(WorkloadKind::name)
            .orElse(null);
    // compare's --width: the terminal's, as its COLUMNS says.
    String width = String.valueOf(command.terminalWidth());
    cli.setDefaultValueProvider(
        arg ->
            !(arg instanceof OptionSpec option)
                ? null
                : switch (option.longestName()) {
                  case "--benchmark-target" -> defaultTarget;
                  case "--workload" -> defaultWorkload;
                  case "--width" -> width;
                  default -> null;
                });
    return cli;
  }

  @Override
  public Integer call() throws Exception {
    CommandRequest request = new CommandRequest(this);
    request.chooseTargets();
    ch.qos.logback.classic.Level level =
        LogLevels.parse(logLevel)
            .orElseThrow(
                () ->
                    usage(
                        "--log-level: unknown level '"
                            + logLevel
                            + "'; one of: "
                            + String.join(", ", LogLevels.NAMES)));
    List<TargetSettings> sweep = request.targets();
    RunPlan plan = request.plan();
    for (TargetSettings settings : sweep) {
      thresholds.checkOperations(plan.results().thresholds(), settings.workload());
    }
    OutputDirectories directories;
    try {
      directories = OutputDirectories.plan(plan, sweep, Clock.systemUTC());
      directories.check(sweep, results.overwrite);
    } catch (java.io.IOException e) {
      throw usage("--output-dir: " + e.getMessage());
    }
    LogLevels.apply(level, providers, results.reporters.contains(ReporterKind.LOG));
    // One guard for the whole command: a signalled JVM exits only once the command has cleaned
    // up after itself (the results written, the directories no run used removed).
    try (ShutdownGuard guard = new ShutdownGuard();
        RunWatch watching = results.start(out, err)) {
      ExitCodeVerdicts verdicts = new ExitCodeVerdicts(out, err, plan);
      try {
        new Sweep(
                plan,
                sweep,
                directories,
                providers,
                out,
                err,
                ConsoleProgress.onTerminal(),
                guard,
                terminalWidth(),
                watching,
                verdicts)
            .run();
      } finally {
        directories.discardUnused();
      }
      // A signal ends the linger (at once, if it came during the runs): the stop bound holds.
      guard.watch(watching::stopLingering);
      watching.linger(results.metricsLinger);
      return verdicts.code();
    }
  }

  /** The terminal's width, as its COLUMNS variable says, for the comparison tables. */
  private int terminalWidth() {
    return CompareTable.Output.terminalWidth(environment.get("COLUMNS"));
  }

  ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
