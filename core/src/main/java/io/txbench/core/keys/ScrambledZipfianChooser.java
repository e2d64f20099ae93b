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
 * <p>The modulus is the number of keys at each choice, so when a mix inserts, the hot keys move.
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

  ScrambledZipfianChooser(LongSupplier keys) {
    this.keys = keys;
  }

  @Override
  public long next(SplittableRandom random) {
    long count = Math.max(1, keys.getAsLong());
    long rank = Zipfian.rank(random.nextDouble(), ITEMS, ZETA, ETA);
    return 1 + Math.floorMod(hash(rank), count);
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
