package io.txbench.cli.tools;

import io.txbench.report.compare.RunSet;
import io.txbench.report.files.Printable;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.history.HistoryRoot;
import io.txbench.report.history.Series;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * Loads the runs under the directories named on a command line, in the order they started; a
 * directory that is missing, corrupt or unreadable is bad input, a usage error in one line.
 */
final class ResultDirectories {
  private ResultDirectories() {}

  /** The runs, each run left out (named twice, or stopped before measuring) said on stderr. */
  static List<ResultDirectory> load(CommandLine cli, List<Path> dirs) {
    try {
      return RunSet.load(dirs, note -> warn(cli, note));
    } catch (IOException | RuntimeException e) {
      throw new ParameterException(cli, oneLine(e.getMessage()));
    }
  }

  /** Reads result files; an IOException's message says what is wrong with them. */
  interface Reading<T> {
    T read() throws IOException;
  }

  /** What {@code reading} reads, or a usage error in one line when it cannot. */
  static <T> T read(CommandLine cli, Reading<T> reading) {
    try {
      return reading.read();
    } catch (IOException e) {
      throw new ParameterException(cli, oneLine(e.getMessage()));
    }
  }

  /**
   * The series of the runs under {@code roots} ({@link HistoryRoot#read}), each run's trouble a
   * warning on stderr or, {@code strict}, a usage error in one line.
   */
  static List<Series> series(CommandLine cli, List<Path> roots, boolean strict) {
    return read(cli, () -> HistoryRoot.read(roots, strict, w -> warn(cli, w)));
  }

  /** {@code runs}, if each has the response-time histograms report draws; else a usage error. */
  static List<ResultDirectory> withHistograms(CommandLine cli, List<ResultDirectory> runs) {
    for (ResultDirectory run : runs) {
      read(cli, run::withHistograms);
    }
    return runs;
  }

  /** The run {@code chosen} names among {@code runs}, or a usage error that lists them. */
  static ResultDirectory baseline(CommandLine cli, List<ResultDirectory> runs, String chosen) {
    if (chosen == null) {
      return runs.get(0);
    }
    try {
      return RunSet.baseline(runs, chosen);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(cli, e.getMessage());
    }
  }

  /** {@code warning} on stderr, in one line. */
  static void warn(CommandLine cli, String warning) {
    cli.getErr().println("txbench: warning: " + oneLine(warning));
    cli.getErr().flush();
  }

  /** {@code message} in one printable line: it may quote what a file holds. */
  static String oneLine(@Nullable String message) {
    return Printable.field(String.valueOf(message).replaceAll("\\s*\\R\\s*", " "));
  }
}
