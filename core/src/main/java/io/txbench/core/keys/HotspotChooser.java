package io.txbench.core.keys;

import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * YCSB's hotspot: a fraction of the keys, the lowest, take a fraction of the choices, uniformly
 * within the hot keys and within the others. YCSB's defaults are 20% of the keys for 80% of the
 * operations ({@code hotspotdatafraction}, {@code hotspotopnfraction}). The sets are taken from the
 * number of keys at each choice, so they grow as a mix inserts.
 */
final class HotspotChooser implements KeyChooser {
  private final LongSupplier keys;
  private final double hotKeys;
  private final double hotChoices;

  /**
   * Over the keys {@code keys} counts, {@code hotKeys} of them (0 to 1) taking {@code hotChoices}
   * of the choices (0 to 1).
   */
  HotspotChooser(LongSupplier keys, double hotKeys, double hotChoices) {
    if (!(hotKeys >= 0 && hotKeys <= 1 && hotChoices >= 0 && hotChoices <= 1)) {
      throw new IllegalArgumentException(
          "the hot fractions must be from 0 to 1, not " + hotKeys + " and " + hotChoices);
    }
    this.keys = keys;
    this.hotKeys = hotKeys;
    this.hotChoices = hotChoices;
  }

  @Override
  public long next(SplittableRandom random) {
    long count = Math.max(1, keys.getAsLong());
    long hot = (long) (count * hotKeys);
    if (hot == 0 || hot == count) {
      // Too few keys for two sets (fewer than five at YCSB's 20%): every key alike.
      return 1 + random.nextLong(count);
    }
    return random.nextDouble() < hotChoices
        ? 1 + random.nextLong(hot)
        : 1 + hot + random.nextLong(count - hot);
  }
}
