package io.txbench.core;

import java.util.SplittableRandom;

/**
 * What one worker thread owns: its number, a random generator nobody else touches (seeded from
 * {@code --seed} so that a worker's choices repeat from run to run), and one attachment a workload
 * may keep between iterations, such as a connection with its prepared statements. The runner
 * closes the attachment when the worker stops.
 */
public final class Worker implements AutoCloseable {
  private final int index;
  private final int workers;
  private final SplittableRandom random;
  private AutoCloseable attachment;

  /** Worker {@code index} of {@code workers}. */
  public Worker(int index, int workers, long seed) {
    this.index = index;
    this.workers = workers;
    this.random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
  }

  public int index() {
    return index;
  }

  /** How many workers the run has. */
  public int workers() {
    return workers;
  }

  public SplittableRandom random() {
    return random;
  }

  /** What the workload attached to this worker, or null. */
  public AutoCloseable attachment() {
    return attachment;
  }

  public void attach(AutoCloseable value) {
    this.attachment = value;
  }

  /** Closes the attachment, if any; a failure to close is not the run's concern. */
  @Override
  public void close() {
    if (attachment != null) {
      try {
        attachment.close();
      } catch (Exception e) {
        // The connection is going away with the run anyway.
      }
      attachment = null;
    }
  }
}
