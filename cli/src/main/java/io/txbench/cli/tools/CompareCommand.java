package io.txbench.cli.tools;

import io.txbench.cli.ExitCodes;
import io.txbench.report.compare.AnswerCheck;
import io.txbench.report.compare.CompareTable;
import io.txbench.report.files.ResultDirectory;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code compare DIR...}: the runs side by side, with ratios to a baseline run. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    description = {
      "Print the runs side by side, in the order they started, with throughput and"
          + " p99 as ratios to the baseline run (the first, unless --baseline names one).",
      "Runs that recorded answers (analytics) are checked against the baseline, or the first"
          + " run of the same seed and scale: per query, agree or DIFFER with the first row that"
          + " differs. Exit code 7 when an answer differs."
    })
public final class CompareCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      paramLabel = "DIR",
      arity = "1..*",
      description = "Result directories, or directories of runs (a sweep's).")
  List<Path> dirs;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description =
          "text (aligned, 120 columns), markdown or csv (every column)."
              + " Default: ${DEFAULT-VALUE}.")
  CompareTable.Format format;

  @Option(
      names = "--baseline",
      paramLabel = "RUN",
      description = "The run the ratios are to: its directory, or its name. Default: the first.")
  String baseline;

  @Override
  public Integer call() {
    List<ResultDirectory> runs = ResultDirectories.load(spec.commandLine(), dirs);
    ResultDirectory base = ResultDirectories.baseline(spec.commandLine(), runs, baseline);
    AnswerCheck answers;
    try {
      answers = AnswerCheck.of(runs, base);
    } catch (UncheckedIOException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    spec.commandLine().getOut().print(CompareTable.render(runs, base, format, answers));
    spec.commandLine().getOut().flush();
    return answers.differ() ? ExitCodes.ANSWERS_DIFFER : ExitCodes.OK;
  }
}
