package io.txbench.cli;

import io.txbench.api.run.ReporterKind;
import io.txbench.cli.options.DurationConverter;
import io.txbench.cli.options.RangeCheck;
import io.txbench.core.settings.Limits;
import io.txbench.report.live.ListenAddress;
import io.txbench.report.live.RunWatch;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * Where the results go and how often they are written: the period, the reporters, the directory;
 * and what serves them while the runs go: the metrics endpoint and the live page.
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

  /**
   * Refuses a period out of range, an output directory with no name, or an endpoint that is no
   * {@code [HOST:]PORT}, in one line.
   */
  void check(RangeCheck limits) {
    if (outputDir != null && outputDir.toString().isBlank()) {
      throw usage("--output-dir must name a directory");
    }
    limits.check("--metrics", Limits.METRICS, metricsPeriod);
    limits.check("--metrics-linger", Limits.METRICS_LINGER, metricsLinger);
    address("--metrics-endpoint", metricsEndpoint);
    address("--live", live);
  }

  @Option(
      names = "--metrics-endpoint",
      paramLabel = "[HOST:]PORT",
      description =
          "Serve the run's counts at http://HOST:PORT/metrics for Prometheus (OpenMetrics"
              + " text) while the command runs. HOST: 127.0.0.1 unless named (0.0.0.0: every"
              + " address, with a warning).")
  @Nullable String metricsEndpoint;

  @Option(
      names = "--metrics-linger",
      paramLabel = "TIME",
      defaultValue = RunWatch.DEFAULT_LINGER,
      converter = DurationConverter.class,
      description =
          "Once the command is over, keep serving --metrics-endpoint's final figures until a"
              + " scrape reads them, and --live's report until the browser that loaded the page"
              + " loads it, this long at most (0: exit at once; Ctrl-C or SIGTERM end the"
              + " wait), 0 to 10m. Default: ${DEFAULT-VALUE}.")
  Duration metricsLinger;

  @Option(
      names = "--live",
      paramLabel = "[HOST:]PORT",
      arity = "0..1",
      fallbackValue = "" + ListenAddress.LIVE_PORT,
      description =
          "Serve the run's report page at http://HOST:PORT/, redrawn as each period ends; the"
              + " report once the run ends. HOST: 127.0.0.1 unless named. Default port: "
              + ListenAddress.LIVE_PORT
              + ".")
  @Nullable String live;

  /**
   * The endpoints asked for, started (one that cannot be is said on {@code err}, and the runs go on
   * without it); a value that is no address is refused in one line.
   */
  RunWatch start(PrintStream out, PrintStream err) {
    return RunWatch.start(
        address("--metrics-endpoint", metricsEndpoint), address("--live", live), out, err);
  }

  private @Nullable ListenAddress address(String option, @Nullable String value) {
    if (value == null) {
      return null;
    }
    try {
      return ListenAddress.parse(option, value);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }
}
