package io.txbench.cli.tools;

import io.txbench.cli.options.ExitCodes;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.html.HtmlReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code report DIR... --output report.html}: one self-contained HTML page, for one run, several,
 * or a sweep's directory of runs.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    description = "Write one self-contained HTML page with the runs' table and charts.")
public final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      paramLabel = "DIR",
      arity = "1..*",
      description = "Result directories, or directories of runs (a sweep's).")
  List<Path> dirs;

  @Option(
      names = "--output",
      paramLabel = "FILE",
      defaultValue = "report.html",
      description = "The HTML file to write. Default: ${DEFAULT-VALUE}.")
  Path output;

  @Override
  public Integer call() {
    List<ResultDirectory> runs =
        ResultDirectories.withHistograms(
            spec.commandLine(), ResultDirectories.load(spec.commandLine(), dirs));
    String page = ResultDirectories.read(spec.commandLine(), () -> HtmlReport.page(runs));
    Exports.write(
        spec.commandLine(),
        output,
        dirs,
        () -> Files.writeString(output, page, StandardCharsets.UTF_8));
    spec.commandLine().getOut().println("Wrote " + output);
    return ExitCodes.OK;
  }
}
