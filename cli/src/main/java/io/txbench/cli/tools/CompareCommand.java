package io.txbench.cli.tools;

import io.txbench.cli.options.ExitCodes;
import io.txbench.cli.options.RangeCheck;
import io.txbench.core.spi.values.Range;
import io.txbench.report.compare.AnswerCheck;
import io.txbench.report.compare.CompareTable;
import io.txbench.report.files.ResultDirectory;
import java.io.UncheckedIOException;
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

/**
 * {@code compare DIR...}: the runs side by side, with ratios to a baseline run; the text table as
 * wide as {@code --width}, which the terminal's COLUMNS sets by default ({@code BenchmarkCommand}'s
 * default values).
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    description = {
      "Print the runs side by side, in the order they started, each labelled by its index and"
          + " what sets it apart, with throughput and p99 as ratios to a run of the same workload"
          + " and data: the baseline (the first, unless --baseline names one) where it is one,"
          + " else the first that is.",
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
          "text (aligned, as wide as --width), markdown or csv (every column)."
              + " Default: ${DEFAULT-VALUE}.")
  CompareTable.Format format;

  @Option(
      names = "--width",
      paramLabel = "COLUMNS",
      description =
          "The widest line of the text table, "
              + CompareTable.Output.NARROWEST
              + " to "
              + CompareTable.Output.WIDEST
              + "; columns that do not fit are left out, and said so, never cut."
              + " Default: the COLUMNS environment variable (a shell"
              + " sets it but exports it only when asked: export COLUMNS), else 120.")
  @Nullable Integer width;

  @Option(
      names = "--baseline",
      paramLabel = "RUN",
      description =
          "The run the ratios are to, for the runs of its workload and data: its directory, or"
              + " its name. Default: the first.")
  String baseline;

  @Override
  public Integer call() {
    new RangeCheck(spec)
        .check(
            "--width",
            Range.counts(CompareTable.Output.NARROWEST, CompareTable.Output.WIDEST),
            width == null ? null : (long) width);
    List<ResultDirectory> runs = ResultDirectories.load(spec.commandLine(), dirs);
    ResultDirectory base = ResultDirectories.baseline(spec.commandLine(), runs, baseline);
    AnswerCheck answers;
    try {
      answers = AnswerCheck.of(runs, base);
    } catch (UncheckedIOException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    int columns = width == null ? CompareTable.Output.DEFAULT_WIDTH : width;
    spec.commandLine()
        .getOut()
        .print(CompareTable.render(runs, base, new CompareTable.Output(format, columns), answers));
    spec.commandLine().getOut().flush();
    return answers.differ() ? ExitCodes.ANSWERS_DIFFER : ExitCodes.OK;
  }
}
