package io.txbench.core.run;

import io.txbench.core.engine.MeasuredWindow;
import io.txbench.core.engine.RunResult;
import io.txbench.core.spi.Verification;
import org.jspecify.annotations.Nullable;

/**
 * What one measured run of a {@link Benchmark} came to: how it ended, what the runner measured
 * ({@code result}, null when nothing was) and what verify found.
 */
public record RunOutcome(Ending ending, @Nullable RunResult result, Verification verification) {

  /** How a measured run ended. */
  public enum Ending {
    /** A stop came during the warm-up: nothing was measured. */
    STOPPED_IN_WARM_UP,
    /** Its listener could not set up what follows the run: nothing was measured. */
    DECLINED,
    /** The run ran, to its end or to a stop ({@link MeasuredWindow#stopReason()} says which). */
    MEASURED
  }

  public RunOutcome {
    if ((ending == Ending.MEASURED) != (result != null) || verification == null) {
      throw new IllegalArgumentException(
          "a measured run, and only one, has a result; every run" + " has a verdict");
    }
  }

  static RunOutcome stoppedInWarmUp() {
    return new RunOutcome(
        Ending.STOPPED_IN_WARM_UP, null, Verification.notRun("stopped during the warm-up"));
  }

  static RunOutcome declined() {
    return new RunOutcome(
        Ending.DECLINED, null, Verification.notRun("the run could not be set up"));
  }

  static RunOutcome measured(RunResult result, Verification verification) {
    return new RunOutcome(Ending.MEASURED, result, verification);
  }
}
