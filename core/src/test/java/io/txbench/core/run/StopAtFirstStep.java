package io.txbench.core.run;

import io.txbench.core.spi.Progress;

/**
 * A load's progress that asks {@code benchmark} to stop at the first step the load reports, for the
 * targets' tests of a load cut short.
 */
public record StopAtFirstStep(Benchmark benchmark) implements Progress {
  @Override
  public Task start(String name, long total) {
    return new Task() {
      @Override
      public void advance(long steps) {
        benchmark.requestStop();
      }

      @Override
      public void close() {}
    };
  }
}
