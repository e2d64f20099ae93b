package io.txbench.core.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.OptionValues;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class KeyDistributionTest {
  private static final int KEYS = 10_000;
  private static final int DRAWS = 1_000_000;

  @Test
  void uniformIsFlat() {
    long[] counts = Draws.counts(KeyDistribution.UNIFORM.over(() -> KEYS), KEYS, DRAWS, 23);
    for (int tenth = 0; tenth < 10; tenth++) {
      long n = Arrays.stream(counts, tenth * KEYS / 10, (tenth + 1) * KEYS / 10).sum();
      assertEquals(0.1, n / (double) DRAWS, 0.01, "tenth " + tenth);
    }
    assertTrue(Arrays.stream(counts).allMatch(c -> c > 0), "every key, the last too, is drawn");
    // Pearson's chi-square over the keys: 9,999 degrees of freedom, so a mean of 9,999 and a
    // standard deviation of 141; 10,600 is more than four of them above.
    double expected = (double) DRAWS / KEYS;
    double chiSquare =
        Arrays.stream(counts).mapToDouble(c -> (c - expected) * (c - expected) / expected).sum();
    assertEquals(KEYS - 1, chiSquare, 600);
  }

  @Test
  void theDefaultIsUniform() {
    assertArrayEquals(
        Draws.counts(KeyDistribution.UNIFORM.over(() -> KEYS), KEYS, 10_000, 29),
        Draws.counts(KeyDistribution.DEFAULT.over(() -> KEYS), KEYS, 10_000, 29));
    assertEquals(KeyDistribution.ZIPFIAN, KeyDistribution.DEFAULT.or(KeyDistribution.ZIPFIAN));
  }

  @ParameterizedTest
  @EnumSource(KeyDistribution.class)
  void theSameSeedGivesTheSameKeys(KeyDistribution distribution) {
    long[] first = keys(distribution.over(() -> KEYS), 31);
    assertArrayEquals(first, keys(distribution.over(() -> KEYS), 31));
    assertFalse(Arrays.equals(first, keys(distribution.over(() -> KEYS), 37)));
  }

  @ParameterizedTest
  @EnumSource(KeyDistribution.class)
  void fewKeysOrNoneStillGiveAKeyInRange(KeyDistribution distribution) {
    for (int keys = 1; keys <= 7; keys++) {
      int n = keys;
      Draws.counts(distribution.over(() -> n), n, 1_000, n);
    }
    assertEquals(1, distribution.over(() -> 0).next(new SplittableRandom(1)));
  }

  @Test
  void anUnknownDistributionIsNamedWithTheChoices() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> KeyDistribution.OPTION.parse("gaussian"));
    assertEquals(
        "unknown value 'gaussian'; one of: default, uniform, zipfian, latest, hotspot",
        e.getMessage());
    assertEquals(KeyDistribution.LATEST, KeyDistribution.OPTION.parse("Latest"));
    assertEquals(KeyDistribution.DEFAULT, OptionValues.defaults().get(KeyDistribution.OPTION));
  }

  private static long[] keys(KeyChooser chooser, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] keys = new long[1_000];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = chooser.next(random);
    }
    return keys;
  }
}
