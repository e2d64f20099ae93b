package io.txbench.core.run;

import io.txbench.core.metrics.MeasuredWindow;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.Verification;
import org.jspecify.annotations.Nullable;

/**
 * What one measured run of a {@link Benchmark} came to: how it ended, what the runner measured
 * ({@code result}, null when nothing was) and what verify found.
 */
public record MeasurementOutcome(
    Ending ending, @Nullable RunResult result, Verification verification) {

  /** How a measured run ended. */
  public enum Ending {
    /** A stop came during the warm-up: nothing was measured. */
    STOPPED_IN_WARM_UP,
    /** Its listener could not set up what follows the run: nothing was measured. */
    DECLINED,
    /** The run ran, to its end or to a stop ({@link MeasuredWindow#stopReason()} says which). */
    MEASURED
  }

  public MeasurementOutcome {
    if ((ending == Ending.MEASURED) != (result != null) || verification == null) {
      throw new IllegalArgumentException(
          "a measured run, and only one, has a result; every run" + " has a verdict");
    }
  }

  static MeasurementOutcome stoppedInWarmUp() {
    return new MeasurementOutcome(
        Ending.STOPPED_IN_WARM_UP, null, Verification.notRun("stopped during the warm-up"));
  }

  static MeasurementOutcome declined() {
    return new MeasurementOutcome(
        Ending.DECLINED, null, Verification.notRun("the run could not be set up"));
  }

  static MeasurementOutcome measured(RunResult result, Verification verification) {
    return new MeasurementOutcome(Ending.MEASURED, result, verification);
  }
}
