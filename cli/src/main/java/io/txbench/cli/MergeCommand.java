package io.txbench.cli;

import io.txbench.report.CompareTable;
import io.txbench.report.ResultDirectory;
import io.txbench.report.RunMerger;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code merge DIR... --output DIR}: runs of several client machines as one result. */
@Command(name = "merge", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
    description = {"Combine runs made at the same time by several clients (the same workload on"
        + " the same target) into one result: counts and throughputs add up, response-time"
        + " histograms merge exactly."})
final class MergeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "DIR", arity = "1..*", description = {"The clients' result"
      + " directories (two or more), or the directory that holds them."})
  List<Path> dirs;

  @Option(names = "--output", paramLabel = "DIR", required = true,
      description = "The directory of the merged result.")
  Path output;

  @Override
  public Integer call() throws Exception {
    List<ResultDirectory> runs = ResultDirectories.load(spec.commandLine(), dirs);
    if (runs.size() < 2) {
      // picocli's own words for a missing argument say nothing of what merge is for.
      throw new ParameterException(spec.commandLine(), "merge combines the runs of several"
          + " clients, and " + dirs.get(0) + " holds only one: name two or more result"
          + " directories, or the directory that holds them");
    }
    ResultDirectory merged;
    try {
      RunMerger.merge(runs, output);
      merged = ResultDirectory.load(output);
    } catch (IOException e) {
      throw new ParameterException(spec.commandLine(), ResultDirectories.oneLine(e.getMessage()));
    }
    spec.commandLine().getOut().print(CompareTable.render(List.of(merged),
        CompareTable.Format.TEXT));
    spec.commandLine().getOut().println("Merged " + runs.size() + " runs into " + output);
    spec.commandLine().getOut().flush();
    return ExitCodes.OK;
  }
}
