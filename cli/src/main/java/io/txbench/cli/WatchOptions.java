package io.txbench.cli;

import io.txbench.report.live.ListenAddress;
import io.txbench.report.live.RunWatch;
import java.io.PrintStream;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** What serves the runs while they go: the metrics endpoint and the live page. */
final class WatchOptions extends OptionGroup {
  /** The live page's port when --live names none. */
  static final int LIVE_PORT = 9465;

  @Option(
      names = "--metrics-endpoint",
      paramLabel = "[HOST:]PORT",
      description =
          "Serve the run's counts at http://HOST:PORT/metrics for Prometheus (OpenMetrics"
              + " text) while the command runs. HOST: 127.0.0.1 unless named (0.0.0.0: every"
              + " address, with a warning).")
  @Nullable String metricsEndpoint;

  @Option(
      names = "--live",
      paramLabel = "[HOST:]PORT",
      arity = "0..1",
      fallbackValue = "" + LIVE_PORT,
      description =
          "Serve the run's report page at http://HOST:PORT/, redrawn as each period ends; the"
              + " report once the run ends. HOST: 127.0.0.1 unless named. Default port: "
              + LIVE_PORT
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

  /** Refuses a value that is no {@code [HOST:]PORT}, in one line. */
  void check() {
    address("--metrics-endpoint", metricsEndpoint);
    address("--live", live);
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
