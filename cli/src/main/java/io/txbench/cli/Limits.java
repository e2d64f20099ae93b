package io.txbench.cli;

import io.txbench.core.settings.Durations;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The ranges txbench accepts for its numeric options: wide enough for any real run, narrow enough
 * that nothing computed from them overflows and no value starts what a machine cannot hold (a
 * hundred million threads). The help texts quote the same constants.
 */
public final class Limits {
  static final int MAX_PARALLELISM = 4096;
  static final double MIN_RATE = 0.001;
  static final double MAX_RATE = 10_000_000;
  static final int MAX_CONNECTIONS = 10_000;
  static final int MAX_RETRIES = 1_000;
  static final Duration MAX_WARMUP = Duration.ofHours(24);
  static final Duration MIN_METRICS = Duration.ofMillis(100);
  static final Duration MAX_METRICS = Duration.ofHours(1);
  static final Duration MAX_LAG = Duration.ofHours(1);
  static final Duration MIN_CONNECTION_WAIT = Duration.ofMillis(100);
  static final Duration MAX_CONNECTION_WAIT = Duration.ofHours(1);
  static final Duration MAX_IDLE = Duration.ofHours(24);

  private final CommandSpec spec;

  public Limits(CommandSpec spec) {
    this.spec = spec;
  }

  /** {@code value} of {@code option} lies in [min, max], or the run is refused in one line. */
  public void check(String option, long value, long min, long max) {
    if (value < min || value > max) {
      throw new ParameterException(
          spec.commandLine(),
          option
              + " must be between "
              + String.format(java.util.Locale.ROOT, "%,d", min)
              + " and "
              + String.format(java.util.Locale.ROOT, "%,d", max)
              + ", not "
              + value);
    }
  }

  /** The same for a rate; null (not given) passes. */
  public void check(String option, Double value, double min, double max) {
    if (value != null && !(value >= min && value <= max)) {
      throw new ParameterException(
          spec.commandLine(),
          option
              + " must be between "
              + plain(min)
              + " and "
              + plain(max)
              + ", not "
              + plain(value));
    }
  }

  private static String plain(double value) {
    return Double.isFinite(value)
        ? java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString()
        : String.valueOf(value);
  }

  /** The same for a duration; null (not given) passes. */
  public void check(String option, Duration value, Duration min, Duration max) {
    if (value != null && (value.compareTo(min) < 0 || value.compareTo(max) > 0)) {
      throw new ParameterException(
          spec.commandLine(),
          option
              + " must be between "
              + Durations.text(min)
              + " and "
              + Durations.text(max)
              + ", not "
              + Durations.text(value));
    }
  }
}
