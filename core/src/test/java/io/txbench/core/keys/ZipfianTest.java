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

  /**
   * Every rank's frequency, exactly, against Gray et al.'s method worked backwards: rank 0 takes
   * the uniform numbers below {@code 1/zeta}, rank 1 those below {@code (1 + 2^-0.99)/zeta}, and
   * rank {@code r >= 2} those from which {@code n (eta u - eta + 1)^(1/(1-0.99))} reaches {@code
   * r}, that is from {@code u = 1 + ((r/n)^(1-0.99) - 1)/eta}. A grid of a million evenly spaced
   * uniform numbers then puts in each rank its interval's length times a million, to one either
   * way; a rank drawn a little more or less often (the hottest over-weighted, the formula's
   * exponent changed) is off by thousands.
   */
  @Test
  void eachRankTakesTheUniformNumbersGraysMethodGivesIt() {
    int n = 1000;
    int grid = 1_000_000;
    double zeta = summed(n);
    double eta =
        (1 - Math.pow(2.0 / n, 1 - YCSB_CONSTANT)) / (1 - (1 + Math.pow(0.5, 0.99)) / zeta);
    double codeZeta = Zipfian.zeta(n);
    double codeEta = Zipfian.eta(n, codeZeta);
    long[] drawn = new long[n];
    for (int i = 0; i < grid; i++) {
      drawn[(int) Zipfian.rank((i + 0.5) / grid, n, codeZeta, codeEta)]++;
    }
    double[] from = new double[n + 1];
    from[1] = 1 / zeta;
    for (int r = 2; r < n; r++) {
      from[r] = 1 + (Math.pow((double) r / n, 1 - YCSB_CONSTANT) - 1) / eta;
    }
    from[n] = 1;
    assertEquals((1 + Math.pow(0.5, 0.99)) / zeta, from[2], 1e-12);
    for (int r = 0; r < n; r++) {
      assertEquals((from[r + 1] - from[r]) * grid, (double) drawn[r], 1.5, "rank " + r);
    }
  }
}
