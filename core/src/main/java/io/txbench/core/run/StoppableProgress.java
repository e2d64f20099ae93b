package io.txbench.core.run;

import io.txbench.core.spi.Progress;
import io.txbench.core.spi.StoppedException;

/**
 * Prepare's progress, which is also where a load hears of a stop: once {@link #requestStop()} was
 * called, the next step the loader reports throws {@link StoppedException}, so the load ends
 * between two batches instead of running on to its end or being cut by the JVM's exit.
 */
final class StoppableProgress implements Progress {
  private final Progress shown;
  private volatile boolean stopRequested;
  private final java.util.concurrent.atomic.LongAdder steps =
      new java.util.concurrent.atomic.LongAdder();

  StoppableProgress(Progress shown) {
    this.shown = shown;
  }

  /** The steps (rows) every task advanced by, in all. */
  long steps() {
    return steps.sum();
  }

  void requestStop() {
    stopRequested = true;
  }

  @Override
  public Task start(String name, long total) {
    stopIfAsked();
    Task task = shown.start(name, total);
    return new Task() {
      @Override
      public void advance(long steps) {
        task.advance(steps);
        StoppableProgress.this.steps.add(steps);
        stopIfAsked();
      }

      @Override
      public void close() {
        task.close();
      }
    };
  }

  private void stopIfAsked() {
    if (stopRequested) {
      throw new StoppedException();
    }
  }
}
