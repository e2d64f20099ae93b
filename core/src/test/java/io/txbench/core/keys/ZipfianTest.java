package io.txbench.core.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ZipfianTest {
  /** YCSB's zipfian constant, written here apart from the code's. */
  static final double YCSB_CONSTANT = 0.99;

  /**
   * Zeta of ten billion for the constant 0.99, worked out apart from this code: a million weights
   * summed, the rest by Euler and Maclaurin's formula.
   */
  static final double ZETA_OF_TEN_BILLION = 26.46902820175206;

  /** Zeta of {@code n} for the constant 0.99, summed one weight {@code 1/i^0.99} at a time. */
  static double summed(long n) {
    double sum = 0;
    for (long i = 1; i <= n; i++) {
      sum += Math.pow((double) i, -YCSB_CONSTANT);
    }
    return sum;
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 10, 9_999, 10_000, 10_001, 123_457, 3_000_000})
  void zetaIsTheSumOfTheWeights(long n) {
    assertEquals(summed(n), Zipfian.zeta(n), 1e-12 * summed(n));
  }

  @Test
  void ycsbsZetaIsTheSumOfTheWeightsOfItsTenBillionItems() {
    assertEquals(ZETA_OF_TEN_BILLION, Zipfian.zeta(ScrambledZipfianChooser.ITEMS), 1e-12);
    assertEquals(ZETA_OF_TEN_BILLION, ScrambledZipfianChooser.ZETA, 1e-9);
  }

  @Test
  void termsSumTheWeightsOfTheRanksBetween() {
    assertEquals(1 + Math.pow(2, -0.99) + Math.pow(3, -0.99), Zipfian.terms(0, 3), 1e-15);
    assertEquals(Math.pow(3, -0.99), Zipfian.terms(2, 3), 1e-15);
    assertEquals(0, Zipfian.terms(5, 5));
  }

  @Test
  void oneOrTwoItemsNeedNoEta() {
    for (double u : new double[] {0, 0.3, 0.66, 0.999_999}) {
      assertEquals(0, Zipfian.rank(u, 1, 1, Zipfian.eta(1, 1)));
    }
    double zeta2 = Zipfian.terms(0, 2);
    assertEquals(0, Zipfian.rank(0.5, 2, zeta2, Zipfian.eta(2, zeta2)));
    assertEquals(1, Zipfian.rank(0.9, 2, zeta2, Zipfian.eta(2, zeta2)));
  }

  @Test
  void theLastUniformNumberMakesTheLastRankNotOnePast() {
    long items = 1000;
    double zeta = Zipfian.terms(0, items);
    double last = Math.nextDown(1.0);
    assertEquals(items - 1, Zipfian.rank(last, items, zeta, Zipfian.eta(items, zeta)));
  }
}
