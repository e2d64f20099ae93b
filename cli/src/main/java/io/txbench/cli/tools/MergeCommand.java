package io.txbench.cli.tools;

import io.txbench.cli.options.ExitCodes;
import io.txbench.cli.options.RangeCheck;
import io.txbench.core.settings.Limits;
import io.txbench.report.compare.ClientWindows;
import io.txbench.report.compare.CompareTable;
import io.txbench.report.compare.RunMerger;
import io.txbench.report.files.HourlyCost;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.ResultFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code merge DIR... --output DIR}: runs of several client machines as one result. */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    description = {
      "Combine runs made at the same time by several clients (the same workload on"
          + " the same target) into one result: counts add up over the span from the first start"
          + " to the last end, response-time histograms merge exactly. Runs that never ran at the"
          + " same time (a sweep's levels) are refused."
    })
public final class MergeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      paramLabel = "DIR",
      arity = "1..*",
      description = {
        "The clients' result directories (two or more), or the directory that holds them."
      })
  List<Path> dirs;

  @Option(
      names = "--output",
      paramLabel = "DIR",
      required = true,
      description =
          "The directory of the merged result: a new one, or one without a run's results.")
  String output;

  @Option(
      names = "--overwrite",
      description = "Replace the results of a run in the --output directory (never an input).")
  boolean overwrite;

  @Option(
      names = "--cost-per-hour",
      paramLabel = "PRICE",
      description =
          "What each client's share of the system under test costs an hour (0 to 1000000): the"
              + " merge costs it times the clients. Default: the prices the clients' runs were"
              + " given (--cost-per-hour), added up; a merge of runs some of which have one and"
              + " some not is refused.")
  @Nullable Double costPerHour;

  @Override
  public Integer call() throws Exception {
    List<ResultDirectory> runs = ResultDirectories.load(spec.commandLine(), dirs);
    if (runs.size() < 2) {
      // picocli's own words for a missing argument say nothing of what merge is for.
      throw new ParameterException(
          spec.commandLine(),
          "merge combines the runs of several clients, and "
              + dirs.get(0)
              + " holds only one: name two or more result directories, or the directory that"
              + " holds them");
    }
    Path target = outputOutside(runs);
    new RangeCheck(spec).check("--cost-per-hour", Limits.COST_PER_HOUR, costPerHour);
    HourlyCost perClient = costPerHour == null ? null : new HourlyCost(costPerHour);
    ResultDirectory merged;
    ClientWindows windows;
    try {
      RunMerger.check(runs, perClient); // before the output is touched
      ResultFiles.makeRoom(target, overwrite);
      windows = RunMerger.merge(runs, target, perClient);
      merged = ResultDirectory.load(target);
    } catch (IOException e) {
      throw new ParameterException(spec.commandLine(), ResultDirectories.oneLine(e.getMessage()));
    }
    windows.warning().ifPresent(w -> spec.commandLine().getErr().println("txbench: warning: " + w));
    spec.commandLine()
        .getOut()
        .print(CompareTable.render(List.of(merged), CompareTable.Format.TEXT));
    spec.commandLine().getOut().println("Merged " + runs.size() + " runs into " + target);
    return ExitCodes.OK;
  }

  /**
   * The --output directory, if it names one and it is none of the inputs: neither a run merged nor
   * a directory given that holds them, which --overwrite would destroy.
   */
  private Path outputOutside(List<ResultDirectory> runs) {
    if (output.isBlank()) {
      throw new ParameterException(
          spec.commandLine(), "--output must name a directory for the merged result");
    }
    Path target = Path.of(output);
    List<Path> inputs = new java.util.ArrayList<>(dirs);
    runs.forEach(r -> inputs.add(r.path()));
    for (Path input : inputs) {
      if (ResultFiles.sameFile(input, target)) { // through any link, an input all the same
        throw new ParameterException(
            spec.commandLine(),
            "--output "
                + output
                + " is one of the directories merged: give another directory for the merged"
                + " result");
      }
    }
    return target;
  }
}
