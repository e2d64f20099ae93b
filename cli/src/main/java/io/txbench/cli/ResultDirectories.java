package io.txbench.cli;

import io.txbench.report.ResultDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** Loads the result directories named on a command line, or says which one is not. */
final class ResultDirectories {
  private ResultDirectories() {}

  static List<ResultDirectory> load(CommandLine cli, List<Path> dirs) {
    List<ResultDirectory> runs = new ArrayList<>();
    for (Path dir : dirs) {
      try {
        runs.add(ResultDirectory.load(dir));
      } catch (IOException e) {
        throw new ParameterException(cli, e.getMessage());
      } catch (RuntimeException e) {
        throw new ParameterException(cli, dir + " holds result files txbench cannot read: "
            + e.getMessage());
      }
    }
    return runs;
  }
}
