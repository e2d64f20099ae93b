package io.txbench.core.keys;

import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * YCSB's skewed latest: the newest key most, then the one before it, and so on by a zipfian
 * (constant 0.99) counted back from the newest key. The newest key is the number of keys, read at
 * each choice, since a mix's inserts add keys at the top.
 */
final class SkewedLatestChooser implements KeyChooser {
  private final LongSupplier keys;
  private final GrowingZipfian zipfian;

  SkewedLatestChooser(LongSupplier keys) {
    this.keys = keys;
    this.zipfian = new GrowingZipfian(keys.getAsLong());
  }

  @Override
  public long next(SplittableRandom random) {
    long newest = Math.max(1, keys.getAsLong());
    return newest - zipfian.rank(random, newest);
  }
}
