package io.txbench.core.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ScrambledZipfianChooserTest {
  private static final int KEYS = 100_000;
  private static final int DRAWS = 1_000_000;
  private static final int HOT = KEYS / 100;

  /**
   * The ranks whose share the prediction takes one by one: past them, each key gets some 100,000
   * ranks of weights below 1e-8 each, which spread evenly enough over the keys.
   */
  private static final int RANKS = 10_000_000;

  @Test
  void theHashIsYcsbsFnv1OfTheRanksEightBytes() {
    // Reference values computed apart from this code (FNV-1, 64 bits, bytes lowest first, then
    // Java's Math.abs of the signed result).
    assertEquals(6284781860667377211L, ScrambledZipfianChooser.hash(0));
    assertEquals(8517097267634966620L, ScrambledZipfianChooser.hash(1));
    assertEquals(2056600594528442646L, ScrambledZipfianChooser.hash(256));
    assertEquals(2350796791908741607L, ScrambledZipfianChooser.hash(123456789));
    assertEquals(3605131173811637474L, ScrambledZipfianChooser.hash(9999999999L));
  }

  /**
   * The share each key should take: each rank {@code r} of YCSB's ten billion has the exact zipfian
   * weight {@code (r+1)^-0.99 / zeta}, and goes to the key its hash makes; the ranks past {@link
   * #RANKS} share their weight evenly. This is the law itself, not the generator's method, which
   * approximates it (below).
   */
  private static double[] predictedShares() {
    double zeta = ZipfianTest.ZETA_OF_TEN_BILLION;
    double[] shares = new double[KEYS];
    double taken = 0;
    for (long rank = 0; rank < RANKS; rank++) {
      double share = Math.pow((double) (rank + 1), -ZipfianTest.YCSB_CONSTANT) / zeta;
      shares[(int) (ScrambledZipfianChooser.hash(rank) % KEYS)] += share;
      taken += share;
    }
    double rest = (1 - taken) / KEYS;
    for (int i = 0; i < KEYS; i++) {
      shares[i] += rest;
    }
    return shares;
  }

  @Test
  void theHottestHundredthOfTheKeysTakeTheShareTheZipfianConstantPredicts() {
    double[] predicted = predictedShares();
    int[] hot = Draws.largest(predicted, HOT);
    double expected = Arrays.stream(hot).mapToDouble(i -> predicted[i]).sum();
    long[] counts = Draws.counts(KeyDistribution.ZIPFIAN.over(() -> KEYS), KEYS, DRAWS, 7);
    double observed = Draws.share(counts, hot);
    double hottestObserved = Draws.share(counts, Draws.largest(counts, HOT));
    System.out.printf(
        "zipfian over %,d keys: the hottest 1%% predicted %.4f, drawn %.4f; the 1%% drawn most"
            + " %.4f%n",
        KEYS, expected, observed, hottestObserved);
    // Gray et al.'s method, which YCSB uses, draws the ranks after the first two a little more
    // often than the law (ranks 0 to 999 of ten billion: 29.85% against 29.20%, 2.2% more), and
    // the hot keys take mostly those ranks; one million draws add a standard deviation of 0.05
    // points. So the drawn share is within 3% (relative) of the law's.
    assertEquals(expected, observed, 0.03 * expected);
    // The hottest keys by the draws take a little more, having drawn their luck.
    assertEquals(expected, hottestObserved, 0.05 * expected);
  }

  @Test
  void theHotKeysAreSpreadOverTheWholeKeyRange() {
    long[] counts = Draws.counts(KeyDistribution.ZIPFIAN.over(() -> KEYS), KEYS, DRAWS, 11);
    int[] perTenth = new int[10];
    for (int i : Draws.largest(counts, HOT)) {
      perTenth[i / (KEYS / 10)]++;
    }
    // Spread evenly, each tenth of the keys holds 100 of the 1,000 hottest (standard deviation
    // 9.5); all among the lowest ids would put 1,000 in the first tenth.
    for (int n : perTenth) {
      assertTrue(
          n >= 60 && n <= 140, () -> "the hottest keys per tenth " + Arrays.toString(perTenth));
    }
  }

  @Test
  void theKeysFollowTheCountAsItChanges() {
    AtomicLong count = new AtomicLong(10);
    KeyChooser chooser = KeyDistribution.ZIPFIAN.over(count::get);
    SplittableRandom random = new SplittableRandom(3);
    long highest = 0;
    for (int i = 0; i < 10_000; i++) {
      long key = chooser.next(random);
      assertTrue(key >= 1 && key <= 10, "key " + key);
    }
    count.set(1_000);
    for (int i = 0; i < 10_000; i++) {
      long key = chooser.next(random);
      assertTrue(key >= 1 && key <= 1_000, "key " + key);
      highest = Math.max(highest, key);
    }
    assertTrue(highest > 990, "the highest key of 1,000 drawn: " + highest);
  }

  @Test
  void insertsUpToTwiceTheKeysKeepTheHotKeysWhereTheyWere() {
    AtomicLong count = new AtomicLong(1_000);
    KeyChooser chooser = KeyDistribution.ZIPFIAN.over(count::get);
    long[] before = drawn(chooser, new SplittableRandom(5));
    count.set(1_900); // a mix inserted 900 keys
    long[] during = drawn(chooser, new SplittableRandom(5));
    assertTrue(Arrays.equals(before, during), "the hot keys moved while the keys grew by 90%");
    count.set(2_001); // more than twice: folded onto the keys there are now
    long[] after = drawn(chooser, new SplittableRandom(5));
    assertTrue(!Arrays.equals(before, after), "the modulus never followed the count");
    assertTrue(Arrays.stream(after).max().orElseThrow() > 1_000, "no key past the first 1,000");
  }

  private static long[] drawn(KeyChooser chooser, SplittableRandom random) {
    long[] keys = new long[2_000];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = chooser.next(random);
    }
    return keys;
  }
}
