package io.txbench.core.keys;

/**
 * The zipfian law YCSB draws from (constant 0.99), by the method of Gray et al., "Quickly
 * Generating Billion-Record Synthetic Databases" (SIGMOD 1994): the rank of an item among {@code
 * items}, rank 0 the most popular, each rank {@code r} taken about in proportion to {@code
 * 1/(r+1)^0.99}. One uniform number makes one rank, without a table, given the sum {@code zeta} of
 * the weights of all the ranks.
 */
final class Zipfian {
  /** YCSB's zipfian constant. */
  static final double THETA = 0.99;

  private static final double ALPHA = 1 / (1 - THETA);
  private static final double SECOND = Math.pow(0.5, THETA);
  private static final double ZETA_OF_TWO = 1 + SECOND;

  /** How many weights {@link #zeta} sums one by one before the formula takes the rest. */
  static final long SUMMED = 10_000;

  private Zipfian() {}

  /**
   * Zeta of {@code items}: the first {@link #SUMMED} weights summed, the rest by Euler and
   * Maclaurin's formula (the integral of {@code x^-0.99} and its first two corrections, whose error
   * past ten thousand is below 1e-18). Summing a hundred million weights one by one, as YCSB does,
   * takes five seconds and rounds more.
   */
  static double zeta(long items) {
    long summed = Math.min(items, SUMMED);
    double sum = terms(0, summed);
    if (items > summed) {
      double a = summed;
      double b = items;
      sum +=
          (Math.pow(b, 1 - THETA) - Math.pow(a, 1 - THETA)) / (1 - THETA)
              + (Math.pow(b, -THETA) - Math.pow(a, -THETA)) / 2
              - THETA * (Math.pow(b, -THETA - 1) - Math.pow(a, -THETA - 1)) / 12;
    }
    return sum;
  }

  /**
   * The sum of the weights of the ranks {@code from} to {@code to - 1}: {@code 1/(i)^0.99} for
   * {@code i} from {@code from + 1} to {@code to}; {@code terms(0, n)} is zeta of {@code n}.
   */
  static double terms(long from, long to) {
    double sum = 0;
    for (long i = from + 1; i <= to; i++) {
      sum += 1 / Math.pow((double) i, THETA);
    }
    return sum;
  }

  /** Gray et al.'s eta for {@code items} whose weights sum to {@code zeta}. */
  static double eta(long items, double zeta) {
    // With one or two items every draw ends at the first two ranks, before eta is used, and
    // eta's formula would divide by zero.
    return items <= 2 ? 0 : (1 - Math.pow(2.0 / items, 1 - THETA)) / (1 - ZETA_OF_TWO / zeta);
  }

  /**
   * The rank, from 0 to {@code items - 1}, that the uniform number {@code u} (0 to 1) makes, for
   * {@code items} whose weights sum to {@code zeta} with Gray et al.'s {@code eta}.
   */
  static long rank(double u, long items, double zeta, double eta) {
    double scaled = u * zeta;
    if (scaled < 1) {
      return 0;
    }
    if (scaled < ZETA_OF_TWO) {
      return 1;
    }
    // For u within a rounding of 1 the power rounds to 1 and the product to items itself.
    return Math.min(items - 1, (long) (items * Math.pow(eta * u - eta + 1, ALPHA)));
  }
}
