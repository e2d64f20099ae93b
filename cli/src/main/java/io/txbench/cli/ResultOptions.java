package io.txbench.cli;

import io.txbench.core.settings.Limits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * Where the results go and how often they are written: the period, the reporters, the directory.
 */
final class ResultOptions extends OptionGroup {
  @Option(
      names = "--metrics",
      paramLabel = "TIME",
      converter = DurationConverter.class,
      description =
          "Reporting period of the progress line and result files, 100ms to 1h."
              + " Default: a 20th of --duration rounded down to 500ms, 1s, 2s, 5s or 10s, 500ms"
              + " at least (1s with --iterations).")
  @Nullable Duration metricsPeriod; // none: the run length's default

  @Option(
      names = "--metrics-reporter",
      paramLabel = "KIND",
      split = ",",
      defaultValue = "csv",
      converter = WordConverter.Reporters.class,
      description =
          "csv, console, log; several allowed (csv,log). The CSV result files are"
              + " always written. Default: ${DEFAULT-VALUE}.")
  List<ReporterKind> reporters;

  @Option(
      names = "--output-dir",
      paramLabel = "DIR",
      description = "Result directory. Default: results/<UTC time>-<target>-<workload>.")
  Path outputDir;

  @Option(
      names = "--overwrite",
      arity = "0..1",
      fallbackValue = "true",
      paramLabel = "true|false",
      description =
          "Replace the results of an earlier run in --output-dir (only those files);"
              + " without it, a directory holding a run is refused.")
  boolean overwrite;

  /** Refuses a period out of range or an output directory with no name, in one line. */
  void check(RangeCheck limits) {
    if (outputDir != null && outputDir.toString().isBlank()) {
      throw usage("--output-dir must name a directory");
    }
    if (metricsPeriod != null) {
      limits.check("--metrics", Limits.METRICS, metricsPeriod);
    }
  }
}
