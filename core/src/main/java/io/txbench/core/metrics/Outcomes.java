package io.txbench.core.metrics;

import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import java.util.Map;

/**
 * How a run's iterations ended. {@code iterations} are all the completed ones, {@code
 * lateIterations} of them completed in the short grace after the window closed (they count, but not
 * in the throughput). Every iteration that started ended one way: committed; declined, a business
 * outcome that wrote nothing such as a sold-out flight ({@code declined}, counted among the {@code
 * iterations}); an error (rolled back, or with {@code partialErrors} effects when it had no
 * transaction); in doubt; or rolled back unseen when a stop came before a retry. {@code retries}
 * are the attempts retried, and {@code skipped} the open-loop iterations never started (too late,
 * or no worker free before the window closed). The maps count the retries and errors by class and
 * the in-doubt iterations by cause.
 */
public record Outcomes(
    long iterations,
    long lateIterations,
    long declined,
    long retries,
    long errors,
    long partialErrors,
    long inDoubt,
    long skipped,
    Map<ErrorClass, Long> retriesByClass,
    Map<ErrorClass, Long> errorsByClass,
    Map<InDoubtCause, Long> inDoubtByCause) {

  /** The iterations completed within the measured window. */
  public long inWindow() {
    return iterations - lateIterations;
  }
}
