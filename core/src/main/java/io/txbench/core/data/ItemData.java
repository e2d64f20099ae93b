package io.txbench.core.data;

import java.util.SplittableRandom;

/**
 * Rows of the table behind point-select, insert and update, in the shape of sysbench's {@code
 * sbtest}: an id, an integer {@code k}, a 120-character {@code c} and a 59-character {@code pad},
 * made of groups of digits. The same seed gives the same rows.
 *
 * <p>Values for iterations come from a small pool made up front, so that the hot path allocates no
 * strings.
 */
public final class ItemData {
  private static final int POOL = 1024;
  private final String[] cPool;
  private final String[] padPool;

  public ItemData(long seed) {
    SplittableRandom random = new SplittableRandom(seed ^ 0x1CE4E5B9L);
    cPool = new String[POOL];
    padPool = new String[POOL];
    for (int i = 0; i < POOL; i++) {
      cPool[i] = digitGroups(random, 11);
      padPool[i] = digitGroups(random, 5);
    }
  }

  /**
   * The random stream of the rows of the {@code table}-th table (0 for the first) from the id
   * {@code firstId} on, for a load of ids {@code firstId} and up: a function of the seed, the table
   * and the first id only, so that rows added to a table later (a data-volume sweep's growth) come
   * out the same whatever was loaded before them. A load from id 1 draws the stream txbench always
   * drew.
   */
  public static SplittableRandom rowsRandom(long seed, int table, long firstId) {
    long tableSeed = seed + table * 0x9E3779B97F4A7C15L;
    return new SplittableRandom(
        firstId == 1 ? tableSeed : mix(tableSeed ^ mix(firstId * 0xBF58476D1CE4E5B9L)));
  }

  /**
   * SplitMix64's finaliser, a well-spread 64-bit hash: seeds that differ a little give streams that
   * do not overlap.
   */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The {@code k} column of a row in a table of {@code tableSize} rows. */
  public static int k(SplittableRandom random, long tableSize) {
    return 1 + (int) random.nextLong(Math.max(1, Math.min(tableSize, Integer.MAX_VALUE - 1)));
  }

  /** A 120-character {@code c} value (11 groups of 10 digits with dashes). */
  public String c(SplittableRandom random) {
    return cPool[random.nextInt(POOL)];
  }

  /** A {@code pad} value of up to 60 characters (5 groups of 11 digits with dashes). */
  public String pad(SplittableRandom random) {
    return padPool[random.nextInt(POOL)];
  }

  private static String digitGroups(SplittableRandom random, int groups) {
    int groupLength = groups == 11 ? 10 : 11;
    StringBuilder s = new StringBuilder(groups * (groupLength + 1));
    for (int g = 0; g < groups; g++) {
      if (g > 0) {
        s.append('-');
      }
      for (int i = 0; i < groupLength; i++) {
        s.append((char) ('0' + random.nextInt(10)));
      }
    }
    return s.toString();
  }
}
