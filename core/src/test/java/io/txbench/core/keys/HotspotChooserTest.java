package io.txbench.core.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class HotspotChooserTest {
  private static final int KEYS = 100_000;
  private static final int DRAWS = 1_000_000;

  @Test
  void theLowestFifthOfTheKeysTakeFourFifthsOfTheChoices() {
    long[] counts = Draws.counts(KeyDistribution.HOTSPOT.over(() -> KEYS), KEYS, DRAWS, 13);
    long hot = Arrays.stream(counts, 0, KEYS / 5).sum();
    System.out.printf("hotspot: the lowest 20%% of the keys took %.4f%n", hot / (double) DRAWS);
    // One million draws: a standard deviation of 0.04 points.
    assertEquals(0.8, hot / (double) DRAWS, 0.01);
  }

  @Test
  void theKeysOfEachSetAreAlike() {
    long[] counts = Draws.counts(KeyDistribution.HOTSPOT.over(() -> KEYS), KEYS, DRAWS, 17);
    // Within each set, each tenth of it takes a tenth of the set's choices: 8% and 2% of all.
    int hotKeys = KEYS / 5;
    for (int tenth = 0; tenth < 10; tenth++) {
      long inHot = Arrays.stream(counts, tenth * hotKeys / 10, (tenth + 1) * hotKeys / 10).sum();
      assertEquals(0.08, inHot / (double) DRAWS, 0.004, "tenth " + tenth + " of the hot keys");
      int coldKeys = KEYS - hotKeys;
      long inCold =
          Arrays.stream(
                  counts, hotKeys + tenth * coldKeys / 10, hotKeys + (tenth + 1) * coldKeys / 10)
              .sum();
      assertEquals(0.02, inCold / (double) DRAWS, 0.002, "tenth " + tenth + " of the others");
    }
  }

  @Test
  void overTenKeysTheFirstTwoTakeFortyPercentEach() {
    long[] counts = Draws.counts(KeyDistribution.HOTSPOT.over(() -> 10), 10, DRAWS, 29);
    // One million draws: standard deviations of 0.05 points at 40% and 0.016 at 2.5%.
    for (int key = 0; key < 10; key++) {
      assertEquals(key < 2 ? 0.4 : 0.025, counts[key] / (double) DRAWS, 0.003, "key " + (key + 1));
    }
  }

  @Test
  void tooFewKeysForTwoSetsAreAlike() {
    long[] counts = Draws.counts(KeyDistribution.HOTSPOT.over(() -> 4), 4, 40_000, 19);
    for (long c : counts) {
      assertEquals(10_000, (double) c, 500);
    }
  }

  @Test
  void fractionsOutsideZeroToOneAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new HotspotChooser(() -> 10, 1.2, 0.8));
    assertThrows(IllegalArgumentException.class, () -> new HotspotChooser(() -> 10, 0.2, -1));
  }
}
