package io.txbench.core.keys;

import java.util.Arrays;
import java.util.SplittableRandom;

/** What tests of the key choosers count: how often each key came out of many choices. */
final class Draws {
  private Draws() {}

  /** How often each key 1 to {@code keys} came out ({@code [key - 1]}) in {@code draws} choices. */
  static long[] counts(KeyChooser chooser, int keys, int draws, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] counts = new long[keys];
    for (int i = 0; i < draws; i++) {
      long key = chooser.next(random);
      if (key < 1 || key > keys) {
        throw new AssertionError("key " + key + " is not from 1 to " + keys);
      }
      counts[(int) (key - 1)]++;
    }
    return counts;
  }

  /** The indexes of the {@code top} largest figures, largest first. */
  static int[] largest(double[] figures, int top) {
    Integer[] order = new Integer[figures.length];
    Arrays.setAll(order, i -> i);
    Arrays.sort(order, (a, b) -> Double.compare(figures[b], figures[a]));
    return Arrays.stream(order, 0, top).mapToInt(Integer::intValue).toArray();
  }

  /** The indexes of the {@code top} largest counts, largest first. */
  static int[] largest(long[] counts, int top) {
    return largest(Arrays.stream(counts).asDoubleStream().toArray(), top);
  }

  /** The share of all {@code counts} that the keys at {@code indexes} took. */
  static double share(long[] counts, int[] indexes) {
    long all = Arrays.stream(counts).sum();
    long some = Arrays.stream(indexes).mapToLong(i -> counts[i]).sum();
    return (double) some / all;
  }
}
