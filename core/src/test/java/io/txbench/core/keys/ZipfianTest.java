package io.txbench.core.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ZipfianTest {
  /** YCSB's zipfian constant, written here apart from the code's. */
  static final double YCSB_CONSTANT = 0.99;

  /**
   * Zeta of {@code n} for the constant 0.99 by Euler and Maclaurin's formula: the first million
   * weights {@code 1/i^0.99} summed, the rest as the integral of {@code x^-0.99} with the first two
   * correction terms, whose error past a million is below 1e-20.
   */
  static double zetaByFormula(long n) {
    double theta = YCSB_CONSTANT;
    long head = Math.min(n, 1_000_000);
    double sum = 0;
    for (long i = 1; i <= head; i++) {
      sum += Math.pow(i, -theta);
    }
    if (n > head) {
      double a = head;
      double b = n;
      sum +=
          (Math.pow(b, 1 - theta) - Math.pow(a, 1 - theta)) / (1 - theta)
              + (Math.pow(b, -theta) - Math.pow(a, -theta)) / 2
              - theta * (Math.pow(b, -theta - 1) - Math.pow(a, -theta - 1)) / 12;
    }
    return sum;
  }

  @Test
  void ycsbsZetaIsTheSumOfTheWeightsOfItsTenBillionItems() {
    assertEquals(zetaByFormula(ScrambledZipfianChooser.ITEMS), ScrambledZipfianChooser.ZETA, 1e-9);
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
