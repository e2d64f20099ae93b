package io.txbench.core.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SkewedLatestChooserTest {
  private static final int KEYS = 100_000;
  private static final int DRAWS = 1_000_000;

  /**
   * The share of the {@code newest} of {@code keys} by the zipfian law with YCSB's constant: the
   * weights of the first {@code newest} ranks over all the ranks' weights.
   */
  private static double newestShare(int newest, long keys) {
    return ZipfianTest.summed(newest) / ZipfianTest.summed(keys);
  }

  /** The share of the {@code newest} keys of {@code counts}. */
  private static double drawnShare(long[] counts, int newest) {
    long all = Arrays.stream(counts).sum();
    long some = Arrays.stream(counts, counts.length - newest, counts.length).sum();
    return (double) some / all;
  }

  @Test
  void theNewestHundredthOfTheKeysTakeTheShareTheZipfianConstantPredicts() {
    long[] counts = Draws.counts(KeyDistribution.LATEST.over(() -> KEYS), KEYS, DRAWS, 5);
    double expected = newestShare(KEYS / 100, KEYS);
    double observed = drawnShare(counts, KEYS / 100);
    System.out.printf(
        "latest over %,d keys: the newest 1%% predicted %.4f, drawn %.4f; the newest key"
            + " predicted %.4f, drawn %.4f%n",
        KEYS, expected, observed, 1 / ZipfianTest.summed(KEYS), counts[KEYS - 1] / (double) DRAWS);
    // Gray et al.'s method, which YCSB uses, draws ranks 2 to 999 of 100,000 a little more often
    // than the law (61.28% against 60.48% for the first 1,000: 1.3% more); one million draws add
    // a standard deviation of 0.05 points. So the drawn share is within 2% (relative).
    assertEquals(expected, observed, 0.02 * expected);
    // The newest key and the one before are ranks 0 and 1, which the method draws exactly as the
    // law: 1/zeta and 2^-0.99/zeta (7.8% and 3.9%, standard deviations of 0.03 and 0.02 points).
    double zeta = ZipfianTest.summed(KEYS);
    assertEquals(1 / zeta, counts[KEYS - 1] / (double) DRAWS, 0.002);
    assertEquals(
        Math.pow(2, -ZipfianTest.YCSB_CONSTANT) / zeta, counts[KEYS - 2] / (double) DRAWS, 0.002);
  }

  @Test
  void keysAddedAreChosenAndTheNewestMost() {
    AtomicLong newest = new AtomicLong(KEYS);
    KeyChooser chooser = KeyDistribution.LATEST.over(newest::get);
    Draws.counts(chooser, KEYS, 100_000, 1);
    int grown = KEYS + 1_000;
    newest.set(grown);
    long[] counts = Draws.counts(chooser, grown, DRAWS, 2);
    assertEquals(Draws.largest(counts, 1)[0], grown - 1, "the most chosen key is the newest");
    double expected = newestShare(1_000, grown);
    double observed = drawnShare(counts, 1_000);
    System.out.printf(
        "latest after 1,000 inserts: the new keys predicted %.4f, drawn %.4f%n",
        expected, observed);
    assertEquals(expected, observed, 0.02 * expected);
  }

  @Test
  void everyKeyCanComeOutEvenTheOldest() {
    long[] counts = Draws.counts(KeyDistribution.LATEST.over(() -> 20), 20, 100_000, 9);
    assertTrue(Arrays.stream(counts).allMatch(c -> c > 0), Arrays.toString(counts));
    assertEquals(1, KeyDistribution.LATEST.over(() -> 1).next(new java.util.SplittableRandom(1)));
  }
}
