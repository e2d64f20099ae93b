package io.txbench.core.script;

import java.util.SplittableRandom;

/**
 * pgbench's random functions on one worker's generator, with the distributions pgbench documents:
 * uniform; exponential, {@code min + (max - min + 1) * -ln(cut + (1 - cut) u) / p} with {@code cut
 * = exp(-p)}; gaussian, a standard normal cut at {@code ±p} and stretched over the range; and
 * zipfian by rejection (Devroye, Non-Uniform Random Variate Generation, p. 550), as pgbench draws
 * it. Also its hashes (64-bit MurmurHash2 and FNV-1a of the value's eight bytes, seeded) and a
 * seeded permutation of {@code [0, size)}.
 */
final class Draws {
  static final double MIN_GAUSSIAN = 2.0;
  static final double MIN_ZIPFIAN = 1.001;
  static final double MAX_ZIPFIAN = 1000.0;

  private static final long MURMUR_MUL = 0xc6a4a7935bd1e995L;
  private static final long MURMUR_MUL_TIMES_8 = 0x35253c9ade8f4ca8L; // the length, 8, times it
  private static final int MURMUR_SHIFT = 47;
  private static final long FNV_PRIME = 0x100000001b3L;
  private static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final int PERMUTE_ROUNDS = 6;

  private final SplittableRandom random;

  Draws(SplittableRandom random) {
    this.random = random;
  }

  /** Uniform in {@code [min, max]}; the caller checked that the range fits a long. */
  long uniform(long min, long max) {
    return min + random.nextLong(max - min + 1);
  }

  /** A uniform double in (0, 1]. */
  private double openAtZero() {
    return 1.0 - random.nextDouble();
  }

  long exponential(long min, long max, double parameter) {
    double cut = Math.exp(-parameter);
    double r = -Math.log(cut + (1.0 - cut) * openAtZero()) / parameter; // in [0, 1)
    return min + (long) ((max - min + 1) * r);
  }

  long gaussian(long min, long max, double parameter) {
    double deviate;
    do {
      // Box-Muller: two uniforms in (0, 1], one standard normal deviate kept
      deviate = Math.sqrt(-2.0 * Math.log(openAtZero())) * Math.sin(2.0 * Math.PI * openAtZero());
    } while (deviate < -parameter || deviate >= parameter);
    double r = (deviate + parameter) / (parameter * 2.0); // in [0, 1)
    return min + (long) ((max - min + 1) * r);
  }

  long zipfian(long min, long max, double s) {
    return min - 1 + zipfianRank(max - min + 1, s);
  }

  /** A rank in {@code [1, n]} of probability proportional to {@code 1 / k^s}, by rejection. */
  private long zipfianRank(long n, double s) {
    if (n <= 1) {
      return 1;
    }
    double b = Math.pow(2.0, s - 1.0);
    while (true) {
      double u = random.nextDouble();
      double v = random.nextDouble();
      double x = Math.floor(Math.pow(u, -1.0 / (s - 1.0)));
      double t = Math.pow(1.0 + 1.0 / x, s - 1.0);
      if (x <= n && v * x * (t - 1.0) / (b - 1.0) <= t / b) {
        return (long) x;
      }
    }
  }

  /** MurmurHash64A of the eight bytes of {@code value}, seeded. */
  static long murmur2(long value, long seed) {
    long h = seed ^ MURMUR_MUL_TIMES_8;
    long k = value * MURMUR_MUL;
    k ^= k >>> MURMUR_SHIFT;
    k *= MURMUR_MUL;
    h ^= k;
    h *= MURMUR_MUL;
    h ^= h >>> MURMUR_SHIFT;
    h *= MURMUR_MUL;
    h ^= h >>> MURMUR_SHIFT;
    return h;
  }

  /** FNV-1a of the eight bytes of {@code value}, lowest first, from the offset basis xor seed. */
  static long fnv1a(long value, long seed) {
    long h = FNV_OFFSET ^ seed;
    long rest = value;
    for (int i = 0; i < Long.BYTES; i++) {
      h ^= rest & 0xff;
      h *= FNV_PRIME;
      rest >>= 8;
    }
    return h;
  }

  /**
   * Where {@code value} (taken modulo {@code size}) goes in a permutation of {@code [0, size)}
   * chosen by {@code seed}: rounds of bijections, an odd multiplier and a mask modulo the largest
   * power of two within the size applied to the low and to the high end of the range (which
   * overlap), then a rotation by a random offset. A bijection for every seed; not pgbench's own
   * permutation of the same seed, whose generator differs.
   */
  static long permute(long value, long size, long seed) {
    if (size < 2) {
      return 0;
    }
    SplittableRandom rounds = new SplittableRandom(seed);
    long v = Long.remainderUnsigned(value, size);
    int bits = 63 - Long.numberOfLeadingZeros(size);
    long mask = (1L << bits) - 1;
    for (int i = 0; i < PERMUTE_ROUNDS; i++) {
      v = mix(v, mask, rounds);
      v = size - 1 - mix(size - 1 - v, mask, rounds);
      long offset = rounds.nextLong(size);
      v = v >= size - offset ? v - (size - offset) : v + offset;
    }
    return v;
  }

  /** A bijection of {@code [0, mask]} applied to {@code v} when it lies there. */
  private static long mix(long v, long mask, SplittableRandom rounds) {
    long multiplier = (rounds.nextLong() & mask) | 1;
    long flip = rounds.nextLong() & mask;
    return v <= mask ? ((v * multiplier) ^ flip) & mask : v;
  }
}
