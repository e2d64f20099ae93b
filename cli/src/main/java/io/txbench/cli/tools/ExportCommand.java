package io.txbench.cli.tools;

import io.txbench.cli.options.ExitCodes;
import io.txbench.report.history.Export;
import io.txbench.report.history.Series;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code export FORMAT=FILE DIR...}: runs in a benchmark service's format, without a history. */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    description = {
      "Write runs for a service that keeps benchmark histories: each run under the DIRs, named"
          + " by its series (as history names it; of several runs of one series, the latest)."
    })
public final class ExportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FORMAT=FILE",
      description =
          "bencher (Bencher Metric Format), github-bigger (tps) or github-smaller (p99 in ms),"
              + " github-action-benchmark's custom formats; and the JSON file to write.")
  String export;

  @Parameters(
      index = "1..*",
      arity = "1..*",
      paramLabel = "DIR",
      description = "Result directories, or directories of runs.")
  List<Path> dirs;

  @Override
  public Integer call() {
    Export asked = Exports.parse(spec.commandLine(), List.of(export)).get(0);
    List<Series> series = ResultDirectories.series(spec.commandLine(), dirs, true);
    Exports.write(spec.commandLine(), asked.file(), dirs, () -> asked.write(series));
    spec.commandLine().getOut().println("Wrote " + asked.file());
    return ExitCodes.OK;
  }
}
