package io.txbench.core.engine;

/** A run of {@code count} iterations over all workers, however long they take. */
public record ForIterations(long count) implements RunLength {
  public ForIterations {
    if (count < 1) {
      throw new IllegalArgumentException("a run needs at least 1 iteration, not " + count);
    }
  }
}
