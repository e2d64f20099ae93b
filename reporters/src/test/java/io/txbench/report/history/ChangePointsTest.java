package io.txbench.report.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** E-divisive means on synthetic series: steps found where they are, noise left alone. */
class ChangePointsTest {
  /** {@code n} values of mean 0 and standard deviation {@code sigma} from {@code seed}. */
  private static double[] noise(int n, double sigma, long seed) {
    Random random = new Random(seed);
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = sigma * random.nextGaussian();
    }
    return values;
  }

  /** {@code values} with {@code by} added from index {@code at} on. */
  private static double[] step(double[] values, int at, double by) {
    double[] stepped = values.clone();
    for (int i = at; i < stepped.length; i++) {
      stepped[i] += by;
    }
    return stepped;
  }

  @Test
  void aClearStepIsFoundAtItsIndex() {
    assertEquals(List.of(20), ChangePoints.DEFAULT.of(step(noise(40, 1, 1), 20, 5)));
    assertEquals(List.of(7), ChangePoints.DEFAULT.of(step(noise(30, 1, 2), 7, -4)));
  }

  @Test
  void twoStepsAreBothFound() {
    double[] values = step(step(noise(45, 1, 3), 15, 6), 30, -12);
    assertEquals(List.of(15, 30), ChangePoints.DEFAULT.of(values));
  }

  @Test
  void aThroughputDropNearTheEndOfANoisyNightlyHistoryIsFound() {
    double[] tps = noise(30, 1500 * 0.04, 4);
    for (int i = 0; i < tps.length; i++) {
      tps[i] += i < 26 ? 1500 : 1050;
    }
    assertEquals(List.of(26), ChangePoints.DEFAULT.of(tps));
  }

  @Test
  void pureNoiseHasNoChangePoint() {
    for (long seed = 10; seed < 15; seed++) {
      assertEquals(List.of(), ChangePoints.DEFAULT.of(noise(40, 1, seed)), "seed " + seed);
    }
    assertEquals(List.of(), ChangePoints.DEFAULT.of(new double[] {5, 5, 5, 5, 5, 5, 5, 5}));
  }

  @Test
  void aSeriesTooShortForTwoSidesHasNone() {
    assertEquals(List.of(), ChangePoints.DEFAULT.of(new double[] {1, 1, 9, 9, 9}));
    assertEquals(List.of(), ChangePoints.DEFAULT.of(new double[] {}));
  }

  /**
   * Hourly runs for most of a year: the search takes the latest runs only (the whole series took a
   * minute: each of the 199 permutations of each split scans all pairs), so the old step at 100 is
   * not reported and the recent one at 4,800 is. How long it takes is bench/history.sh's to say,
   * not a timed test's.
   */
  @Test
  void aLongHistoryIsSearchedInItsLatestRuns() {
    double[] values = step(step(noise(5000, 1, 6), 100, 8), 4800, -8);
    assertEquals(List.of(4800), ChangePoints.DEFAULT.of(values));
  }

  /**
   * The statistic against the paper's definition computed directly for every split, with no running
   * sums: Q = m k / (m + k) x (2/(m k) sum |x - y| - sum |x - x'| / C(m, 2) - sum |y - y'| / C(k,
   * 2)). The best split and its Q must be the reference's, on noisy steps and on noise alone.
   */
  @Test
  void theBestSplitIsTheOneTheDefinitionGives() {
    List<double[]> series =
        List.of(
            step(noise(40, 1, 7), 17, 2),
            step(step(noise(33, 2, 8), 9, 3), 25, -1),
            noise(25, 1, 9),
            new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
    for (double[] values : series) {
      for (int from : List.of(0, 3)) {
        int to = values.length;
        ChangePoints.Split split = ChangePoints.DEFAULT.bestSplit(values, from, to);
        assertNotNull(split);
        int bestAt = -1;
        double bestQ = Double.NEGATIVE_INFINITY;
        for (int at = from + 3; at <= to - 3; at++) {
          double q = definedQ(values, from, at, to);
          if (q > bestQ) {
            bestQ = q;
            bestAt = at;
          }
        }
        assertEquals(bestAt, split.at(), "split of " + values.length + " from " + from);
        assertEquals(bestQ, split.statistic(), Math.abs(bestQ) * 1e-9 + 1e-9);
      }
    }
  }

  /** Q of the split of {@code values[from, to)} before {@code at}, by the definition's sums. */
  private static double definedQ(double[] values, int from, int at, int to) {
    double m = at - from;
    double k = to - at;
    double between = 0;
    for (int i = from; i < at; i++) {
      for (int j = at; j < to; j++) {
        between += Math.abs(values[i] - values[j]);
      }
    }
    double left = 0;
    for (int i = from; i < at; i++) {
      for (int j = i + 1; j < at; j++) {
        left += Math.abs(values[i] - values[j]);
      }
    }
    double right = 0;
    for (int i = at; i < to; i++) {
      for (int j = i + 1; j < to; j++) {
        right += Math.abs(values[i] - values[j]);
      }
    }
    double energy = 2 * between / (m * k) - left / (m * (m - 1) / 2) - right / (k * (k - 1) / 2);
    return m * k / (m + k) * energy;
  }

  @Test
  void theSameSeriesAlwaysGetsTheSameChangePoints() {
    double[] values = step(noise(40, 1, 5), 22, 1.2);
    List<Integer> first = ChangePoints.DEFAULT.of(values);
    for (int i = 0; i < 3; i++) {
      assertEquals(first, ChangePoints.DEFAULT.of(values));
    }
  }
}
