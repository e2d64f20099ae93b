package io.txbench.report.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jspecify.annotations.Nullable;

/**
 * E-divisive means (Matteson and James, "A nonparametric approach for multiple change point
 * analysis of multivariate data", 2014), as MongoDB's CI and Apache Otava use it to find where a
 * benchmark's figures changed, for one series of numbers: the split of a segment that maximises the
 * energy statistic between its two sides is a change point when a permutation test finds it
 * significant; segments are split again until no split is. Permutations come from a fixed seed, so
 * the same history always gets the same change points. No maintained Java implementation exists
 * (the others are Python and R), hence this one; alpha is 1 (plain distances). Only the latest
 * {@code window} values are searched: each permutation of each split scans all pairs, so the cost
 * grows with the square of the values (hourly runs for a year took minutes).
 *
 * @param minSize the fewest values on either side of a change point (2 or more)
 * @param permutations how many permutations test a split (R in the paper)
 * @param significance the largest p-value a change point may have
 * @param seed the permutations' seed
 * @param window how many of the latest values are searched
 */
public record ChangePoints(
    int minSize, int permutations, double significance, long seed, int window) {
  /**
   * 3 values a side, 199 permutations at the 5% level: the paper's test, for short histories; the
   * latest 500 values (well over a year of nightly runs) in a fraction of a second.
   */
  public static final ChangePoints DEFAULT = new ChangePoints(3, 199, 0.05, 20_141_013L, 500);

  public ChangePoints {
    if (minSize < 2) {
      throw new IllegalArgumentException("a side needs at least 2 values");
    }
    if (window < 2 * minSize) {
      throw new IllegalArgumentException("the window needs room for two sides");
    }
  }

  /**
   * The change points of {@code values}, ascending: each the index of the first value after a
   * change, among the latest {@link #window} values.
   */
  public List<Integer> of(double[] values) {
    int skipped = Math.max(0, values.length - window);
    return search(Arrays.copyOfRange(values, skipped, values.length)).stream()
        .map(i -> i + skipped)
        .toList();
  }

  private List<Integer> search(double[] values) {
    Random random = new Random(seed);
    List<Integer> bounds = new ArrayList<>(List.of(0, values.length));
    while (true) {
      Split best = bestSplit(values, bounds);
      if (best == null) {
        break;
      }
      int asLarge = 0;
      for (int r = 0; r < permutations; r++) {
        double[] shuffled = values.clone();
        for (int s = 0; s + 1 < bounds.size(); s++) {
          shuffle(shuffled, bounds.get(s), bounds.get(s + 1), random);
        }
        Split permuted = bestSplit(shuffled, bounds);
        if (permuted != null && permuted.statistic() >= best.statistic()) {
          asLarge++;
        }
      }
      double p = (asLarge + 1.0) / (permutations + 1.0);
      if (p > significance) {
        break;
      }
      bounds.add(best.at());
      bounds.sort(null);
    }
    return List.copyOf(bounds.subList(1, bounds.size() - 1));
  }

  /** A segment split before index {@code at}, with its statistic Q. */
  record Split(int at, double statistic) {}

  /** The best split of any segment between consecutive {@code bounds}; null when none can be. */
  private @Nullable Split bestSplit(double[] values, List<Integer> bounds) {
    Split best = null;
    for (int s = 0; s + 1 < bounds.size(); s++) {
      Split split = bestSplit(values, bounds.get(s), bounds.get(s + 1));
      if (split != null && (best == null || split.statistic() > best.statistic())) {
        best = split;
      }
    }
    return best;
  }

  /**
   * The split of {@code values[from, to)} with the largest Q = m k / (m + k) x (2/(m k) x sum of
   * distances between the sides - mean distance within the left - mean distance within the right),
   * each side at least {@link #minSize} long.
   */
  @Nullable Split bestSplit(double[] values, int from, int to) {
    int n = to - from;
    if (n < 2 * minSize) {
      return null;
    }
    double within = 0;
    for (int i = from; i < to; i++) {
      for (int j = i + 1; j < to; j++) {
        within += Math.abs(values[i] - values[j]);
      }
    }
    // Start with every value on the right, then move them left one by one.
    double left = 0;
    double right = within;
    double between = 0;
    Split best = null;
    for (int tau = 1; tau <= n - minSize; tau++) {
      int moved = from + tau - 1;
      double toLeft = 0;
      for (int i = from; i < moved; i++) {
        toLeft += Math.abs(values[i] - values[moved]);
      }
      double toRight = 0;
      for (int j = moved + 1; j < to; j++) {
        toRight += Math.abs(values[moved] - values[j]);
      }
      left += toLeft;
      right -= toRight;
      between += toRight - toLeft;
      if (tau < minSize) {
        continue;
      }
      double m = tau;
      double k = n - tau;
      double energy = 2 * between / (m * k) - left / (m * (m - 1) / 2) - right / (k * (k - 1) / 2);
      double q = m * k / (m + k) * energy;
      if (best == null || q > best.statistic()) {
        best = new Split(from + tau, q);
      }
    }
    return best;
  }

  private static void shuffle(double[] values, int from, int to, Random random) {
    for (int i = to - 1; i > from; i--) {
      int j = from + random.nextInt(i - from + 1);
      double swap = values[i];
      values[i] = values[j];
      values[j] = swap;
    }
  }
}
