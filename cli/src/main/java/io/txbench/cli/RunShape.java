package io.txbench.cli;

import io.txbench.cli.options.DurationConverter;
import io.txbench.cli.options.RangeCheck;
import io.txbench.cli.options.StartTimeConverter;
import io.txbench.core.engine.Arrivals;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.OpenLoop;
import io.txbench.core.engine.Pacing;
import io.txbench.core.engine.RunLength;
import io.txbench.core.engine.StartGate;
import io.txbench.core.settings.Limits;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The length, pacing and start of the runs: the options that set them, their checks (--duration and
 * --iterations exclude each other; --max-lag and --rate-distribution need --rate; --start-at needs
 * a run), and the typed {@link RunLength}, {@link Pacing} and {@link StartGate} they make.
 */
final class RunShape extends OptionGroup {
  @Option(
      names = "--duration",
      paramLabel = "TIME",
      converter = DurationConverter.class,
      description =
          "How long to run, up to 30 days: PT120S, 120s, 2m. Default: PT30S unless"
              + " --iterations.")
  Duration duration;

  @Option(
      names = "--iterations",
      paramLabel = "N",
      description = "Run this many iterations (over all workers) instead of a duration.")
  Long iterations;

  @Option(
      names = "--rate",
      paramLabel = "PER_SECOND",
      description =
          "Open loop: start this many iterations per second over all workers (0.001 to"
              + " 10,000,000), and time each from when it should have started. Default: closed loop.")
  Double rate;

  @Option(
      names = "--rate-distribution",
      paramLabel = "KIND",
      defaultValue = "uniform",
      converter = WordConverter.Distributions.class,
      description =
          "Open loop: uniform (evenly spaced) or poisson (exponential gaps)."
              + " Default: ${DEFAULT-VALUE}.")
  Arrivals rateDistribution;

  @Option(
      names = "--max-lag",
      paramLabel = "TIME",
      converter = DurationConverter.class,
      description =
          "Open loop: skip (and count) an iteration that would start this much later"
              + " than scheduled, as pgbench -L; up to 1h. Default: never.")
  Duration maxLag;

  @Option(
      names = "--start-at",
      paramLabel = "TIME",
      converter = StartTimeConverter.class,
      description =
          "Start the load at this time, once the data is set up and every session is open: a"
              + " UTC instant, 2026-11-28T10:15:00Z, or the next 10:15:00Z (a time of day); at"
              + " most 24h ahead. It starts the warm-up, so that clients on several machines given"
              + " the same time load the server together from the first second; with the same"
              + " --warmup their measured windows start together too, as merge wants. A sweep's"
              + " first run starts then, the others follow it. A client ready after the time"
              + " starts at once, with a warning. Default: as soon as the sessions are open.")
  Instant startAt;

  /** Refuses what does not go together or lies out of range, in one line. */
  void check(RangeCheck limits, DataSteps steps) {
    limits.check("--rate", Limits.RATE, rate);
    if (rate == null && (maxLag != null || rateDistribution != Arrivals.UNIFORM)) {
      throw usage(
          (maxLag != null ? "--max-lag" : "--rate-distribution") + " needs --rate (an open loop)");
    }
    if (iterations != null && iterations < 1) {
      throw usage("--iterations must be 1 or more, not " + iterations);
    }
    limits.check("--duration", Limits.DURATION, duration);
    limits.check("--max-lag", Limits.MAX_LAG, maxLag);
    try {
      length(); // the rule the Java API keeps too: --duration and --iterations exclude each other
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
    // A --start-at with nothing to start: the command measures no run.
    if (startAt != null && (steps.onlySetup || steps.drop)) {
      throw usage(
          "--start-at has nothing to start with " + (steps.drop ? "--drop" : "--only-setup"));
    }
  }

  /**
   * The gate of --start-at (null without it), keeping the sessions of connections closed once idle
   * for {@code idleTimeout} alive while they wait.
   */
  @Nullable StartGate startGate(Duration idleTimeout) {
    return startAt == null ? null : StartGate.forConnections(startAt, idleTimeout);
  }

  /** --iterations if given, else --duration, else the default duration. */
  RunLength length() {
    return RunLength.of(duration, iterations);
  }

  /** A closed loop, unless --rate opens it. */
  Pacing pacing() {
    return rate == null
        ? new ClosedLoop()
        : new OpenLoop(rate, rateDistribution, Optional.ofNullable(maxLag));
  }
}
