package io.txbench.cli;

import io.txbench.core.ClosedLoop;
import io.txbench.core.ForDuration;
import io.txbench.core.ForIterations;
import io.txbench.core.OpenLoop;
import io.txbench.core.Pacing;
import io.txbench.core.RunLength;
import java.time.Duration;
import java.util.Optional;

/**
 * The length and pacing of the runs, from the options as picocli leaves them (null: not given),
 * once they were checked: --duration and --iterations exclude each other, and --max-lag and
 * --rate-distribution need --rate.
 */
final class RunShape {
  /** How long a run lasts when neither --duration nor --iterations is given. */
  static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);

  private RunShape() {}

  /** --iterations if given, else --duration, else the default duration. */
  static RunLength length(Long iterations, Duration duration) {
    if (iterations != null) {
      return new ForIterations(iterations);
    }
    return new ForDuration(duration != null ? duration : DEFAULT_DURATION);
  }

  /** A closed loop, unless --rate opens it. */
  static Pacing pacing(Double rate, RateDistribution distribution, Duration maxLag) {
    if (rate == null) {
      return new ClosedLoop();
    }
    return new OpenLoop(rate, distribution.arrivals(), Optional.ofNullable(maxLag));
  }
}
