package io.txbench.core.run;

import io.txbench.core.spi.Causes;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetUnavailableException;

/**
 * A failure in a step around the measured runs (loading, a lease, a baseline) as what it is: a lost
 * server is the target being unavailable ({@link TargetUnavailableException}, one line naming the
 * step), anything else stays what it was.
 */
final class StepFailures {
  private StepFailures() {}

  /** What to throw for {@code failure}, which happened while {@code step}. */
  static Exception during(String step, Target target, Exception failure) {
    if (failure instanceof TargetUnavailableException
        || failure instanceof SetupException
        || failure instanceof InterruptedException) {
      return failure;
    }
    if (target.classify(failure).errorClass() == ErrorClass.CONNECTION) {
      return new TargetUnavailableException(
          "lost the server while " + step + ": " + Causes.describe(failure), failure);
    }
    return failure;
  }

  /**
   * The same for prepare, where the server refusing a statement (no privilege to create a table, a
   * full disk) means the target could not be prepared ({@link SetupException}), not a failed run.
   */
  static Exception preparing(String step, Target target, Exception failure) {
    Exception e = during(step, target, failure);
    if (e == failure && target.refusedByServer(failure)) {
      return new SetupException(
          "the server refused " + step + ": " + Causes.describe(failure), failure);
    }
    return e;
  }
}
