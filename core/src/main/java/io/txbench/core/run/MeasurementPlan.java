package io.txbench.core.run;

import io.txbench.core.engine.RunOptions;
import java.time.Duration;

/**
 * One measured run of a {@link Benchmark}: {@code run} is what the runner does, preceded by an
 * unmeasured warm-up of {@code warmUp} (none when zero) and followed by verify when {@code verify};
 * with {@code commitCheck}, the server's committed transactions over the run are read and compared
 * with the count of txbench's (on PostgreSQL 15 and later that waits about 10 s before and after
 * the run, until the server has published every session's counts).
 */
public record MeasurementPlan(
    RunOptions run, Duration warmUp, boolean verify, boolean commitCheck) {

  public MeasurementPlan {
    if (run == null) {
      throw new IllegalArgumentException("a plan needs its run's options");
    }
    if (warmUp == null || warmUp.isNegative()) {
      throw new IllegalArgumentException("a warm-up is zero or longer");
    }
  }
}
