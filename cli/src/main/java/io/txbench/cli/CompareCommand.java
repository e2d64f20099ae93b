package io.txbench.cli;

import io.txbench.report.CompareTable;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code compare DIR...}: the runs side by side, with ratios to the first. */
@Command(name = "compare", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
    description = "Print the runs side by side, with throughput and p99 as ratios to the first.")
final class CompareCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "DIR", arity = "1..*", description = "Result directories.")
  List<Path> dirs;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text (aligned), markdown or csv. Default: ${DEFAULT-VALUE}.")
  CompareTable.Format format;

  @Override
  public Integer call() {
    spec.commandLine().getOut().print(CompareTable.render(
        ResultDirectories.load(spec.commandLine(), dirs), format));
    spec.commandLine().getOut().flush();
    return ExitCodes.OK;
  }
}
