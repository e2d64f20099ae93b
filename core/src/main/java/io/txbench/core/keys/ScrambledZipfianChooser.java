package io.txbench.core.keys;

import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * YCSB's scrambled zipfian: a zipfian rank over a fixed space of ten billion items, whose weights'
 * sum YCSB computed once, hashed with 64-bit FNV-1 and taken modulo the current number of keys. The
 * hash spreads the hot keys over the whole key range, and folding ten billion ranks onto the keys
 * makes the skew milder than a zipfian over the keys alone: over 100,000 keys the hottest 1% take
 * about 30% of the choices, not 60%.
 *
 * <p>The modulus is the number of keys when the chooser first drew, and stays so while the keys
 * grow up to twice as many: a mix that inserts (YCSB's workload E) keeps the same hot keys, as
 * YCSB's fixed item count does, and the new keys are chosen by {@code latest}. Past twice, or below
 * (the data was reloaded smaller), the modulus is the number of keys again.
 */
final class ScrambledZipfianChooser implements KeyChooser {
  /** YCSB's item space (its {@code ScrambledZipfianGenerator.ITEM_COUNT}). */
  static final long ITEMS = 10_000_000_000L;

  /** The sum of the weights of {@link #ITEMS} ranks, as YCSB precomputed it. */
  static final double ZETA = 26.46902820178302;

  private static final double ETA = Zipfian.eta(ITEMS, ZETA);
  private static final long FNV_OFFSET_BASIS = 0xCBF29CE484222325L;
  private static final long FNV_PRIME = 0x100000001B3L;

  private final LongSupplier keys;

  /** The number of keys the hashed ranks are folded onto; 0 before the first choice. */
  private volatile long modulus;

  ScrambledZipfianChooser(LongSupplier keys) {
    this.keys = keys;
  }

  @Override
  public long next(SplittableRandom random) {
    long rank = Zipfian.rank(random.nextDouble(), ITEMS, ZETA, ETA);
    return 1 + Math.floorMod(hash(rank), modulus(Math.max(1, keys.getAsLong())));
  }

  /** The modulus for {@code count} keys now: the last one while it is within [count/2, count]. */
  private long modulus(long count) {
    long m = modulus;
    if (m == 0 || m > count || count - m > m) {
      m = count;
      modulus = m; // a race sets it to one of the current counts: either is right
    }
    return m;
  }

  /**
   * YCSB's hash of a rank: FNV-1 over its eight bytes, lowest first, made non-negative as YCSB does
   * (with {@code Math.abs}, so the one hash that stays negative is folded by the caller's
   * floorMod).
   */
  static long hash(long rank) {
    long hash = FNV_OFFSET_BASIS;
    long rest = rank;
    for (int i = 0; i < Long.BYTES; i++) {
      hash = (hash ^ (rest & 0xFF)) * FNV_PRIME;
      rest >>= 8;
    }
    return Math.abs(hash);
  }
}
