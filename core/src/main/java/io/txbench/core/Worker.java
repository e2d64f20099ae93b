package io.txbench.core;

import java.util.SplittableRandom;

/**
 * What one worker thread owns: its number and a random generator nobody else touches, seeded from
 * {@code --seed} so that a worker's choices repeat from run to run.
 */
public final class Worker {
  private final int index;
  private final SplittableRandom random;

  public Worker(int index, long seed) {
    this.index = index;
    this.random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
  }

  public int index() {
    return index;
  }

  public SplittableRandom random() {
    return random;
  }
}
