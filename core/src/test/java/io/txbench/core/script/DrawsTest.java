package io.txbench.core.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The random functions' distributions against the formulas of pgbench's documentation, over a
 * million draws each, and the permutation's being one.
 */
class DrawsTest {
  private static final int DRAWS = 1_000_000;
  private final Draws draws = new Draws(new SplittableRandom(42));

  /** Mean and variance of {@code DRAWS} values, each checked to lie in {@code [min, max]}. */
  private double[] moments(java.util.function.LongSupplier draw, long min, long max) {
    double sum = 0;
    double squares = 0;
    for (int i = 0; i < DRAWS; i++) {
      long v = draw.getAsLong();
      assertTrue(v >= min && v <= max, v + " out of [" + min + ", " + max + "]");
      sum += v;
      squares += (double) v * v;
    }
    double mean = sum / DRAWS;
    return new double[] {mean, squares / DRAWS - mean * mean};
  }

  @Test
  void uniformCoversItsRangeEvenly() {
    double[] m = moments(() -> draws.uniform(1, 100), 1, 100);
    assertEquals(50.5, m[0], 0.1);
    assertEquals((100.0 * 100 - 1) / 12, m[1], 5);
  }

  @Test
  void exponentialHasTheTruncatedExponentialsMean() {
    double p = 5.0;
    long n = 1_000_000;
    // r in [0, 1) of density p e^(-p r) / (1 - e^-p): E[r] = 1/p - e^-p / (1 - e^-p)
    double meanR = 1 / p - Math.exp(-p) / (1 - Math.exp(-p));
    double[] m = moments(() -> draws.exponential(1, n, p), 1, n);
    assertEquals(1 + n * meanR - 0.5, m[0], n * 0.001);
  }

  @Test
  void gaussianHasTheTruncatedNormalsMeanAndVariance() {
    double p = 2.0;
    long n = 1_000_000;
    double phi = Math.exp(-p * p / 2) / Math.sqrt(2 * Math.PI);
    double cdf = 0.9772498680518208; // the standard normal's at 2
    double variance = 1 - 2 * p * phi / (2 * cdf - 1); // of the normal cut at +-p
    double[] m = moments(() -> draws.gaussian(1, n, p), 1, n);
    assertEquals(1 + n / 2.0 - 0.5, m[0], n * 0.001);
    assertEquals(variance * n * n / (4 * p * p), m[1], m[1] * 0.01);
  }

  @Test
  void zipfianDrawsEachRankInProportionToItsPower() {
    double s = 2.5;
    long[] counts = new long[11];
    for (int i = 0; i < DRAWS; i++) {
      long v = draws.zipfian(1, 10, s);
      assertTrue(v >= 1 && v <= 10);
      counts[(int) v]++;
    }
    // pgbench's documentation: 1 about (2/1)^2.5 = 5.66 times as often as 2
    assertEquals(Math.pow(2, s), (double) counts[1] / counts[2], 0.1);
    assertEquals(Math.pow(3.0 / 2, s), (double) counts[2] / counts[3], 0.1);
  }

  @Test
  void permuteIsAPermutationOfEverySize() {
    for (long size = 1; size <= 300; size++) {
      for (long seed : new long[] {0, 1, -7, 123456789}) {
        BitSet seen = new BitSet();
        for (long v = 0; v < size; v++) {
          long p = Draws.permute(v, size, seed);
          assertTrue(p >= 0 && p < size);
          assertTrue(!seen.get((int) p), "twice " + p + " for size " + size);
          seen.set((int) p);
        }
      }
    }
    assertEquals(Draws.permute(3, 10, 5), Draws.permute(13, 10, 5));
    assertEquals(Draws.permute(-1, 10, 5), Draws.permute(Long.remainderUnsigned(-1, 10), 10, 5));
    assertTrue(Draws.permute(5, Long.MAX_VALUE, 9) >= 0);
  }

  @Test
  void permuteMovesMostValues() {
    int moved = 0;
    for (long v = 0; v < 1000; v++) {
      moved += Draws.permute(v, 1000, 17) != v ? 1 : 0;
    }
    assertTrue(moved > 980, moved + " of 1000 moved");
  }
}
