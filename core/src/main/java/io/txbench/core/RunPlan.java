package io.txbench.core;

import java.time.Duration;

/**
 * One measured run of a {@link Benchmark}: {@code run} is what the runner does, preceded by an
 * unmeasured warm-up of {@code warmUp} (none when zero) and followed by verify when {@code verify}.
 */
public record RunPlan(RunOptions run, Duration warmUp, boolean verify) {

  public RunPlan {
    if (run == null) {
      throw new IllegalArgumentException("a plan needs its run's options");
    }
    if (warmUp == null || warmUp.isNegative()) {
      throw new IllegalArgumentException("a warm-up is zero or longer");
    }
  }
}
