package io.txbench.core.keys;

import java.util.SplittableRandom;

/**
 * Picks the key of an operation, from 1 to the number of keys there are now. Shared by the workers
 * of a run: thread-safe, and it draws its randomness only from the worker's own generator.
 */
@FunctionalInterface
public interface KeyChooser {

  /** A key from 1 to the current number of keys. */
  long next(SplittableRandom random);
}
