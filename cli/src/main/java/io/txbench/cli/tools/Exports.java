package io.txbench.cli.tools;

import io.txbench.report.files.ResultFiles;
import io.txbench.report.history.Export;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * What history, export and report share: exports read from the command line, files written or
 * refused.
 */
final class Exports {
  private Exports() {}

  interface Writing {
    void run() throws IOException;
  }

  /** The exports {@code specs} ask for, or a usage error naming the one that is wrong. */
  static List<Export> parse(CommandLine cli, List<String> specs) {
    try {
      return specs.stream().map(Export::parse).toList();
    } catch (IllegalArgumentException e) {
      throw new ParameterException(cli, e.getMessage());
    }
  }

  /**
   * Writes {@code file}, or refuses in one line naming it (exit 2): when it cannot be written, or
   * when it is a run's result file (the summary.json a report was made from, say), by any of its
   * names: {@code inputs} are the directories the command read.
   */
  static void write(CommandLine cli, Path file, List<Path> inputs, Writing writing) {
    ResultFiles.runFileAt(file, inputs)
        .ifPresent(
            runFile -> {
              throw new ParameterException(
                  cli,
                  "will not write "
                      + file
                      + ": it is a run's result file ("
                      + runFile
                      + "); give another file");
            });
    try {
      writing.run();
    } catch (IOException e) {
      throw new ParameterException(cli, "cannot write " + file + ": " + ResultFiles.reason(e));
    }
  }
}
