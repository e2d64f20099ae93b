package io.txbench.core.data;

import java.util.SplittableRandom;

/**
 * Values of YCSB's {@code usertable}: {@code fieldCount} fields {@code field0} to {@code fieldN-1}
 * of {@code fieldLength} printable characters. The same seed gives the same rows. As {@link
 * ItemData}, values come from a pool made up front, so that the hot path allocates no strings.
 */
public final class YcsbData {
  private static final int POOL = 1024;
  private final int fieldCount;
  private final String[] pool;
  private final String[] names;

  public YcsbData(long seed, int fieldCount, int fieldLength) {
    this.fieldCount = fieldCount;
    SplittableRandom random = new SplittableRandom(seed ^ 0x5CB5DA7AL);
    pool = new String[POOL];
    char[] chars = new char[fieldLength];
    for (int i = 0; i < POOL; i++) {
      for (int j = 0; j < fieldLength; j++) {
        chars[j] = (char) (' ' + 1 + random.nextInt(94)); // printable ASCII, no space
      }
      pool[i] = new String(chars);
    }
    names = new String[fieldCount];
    for (int f = 0; f < fieldCount; f++) {
      names[f] = "field" + f;
    }
  }

  public int fieldCount() {
    return fieldCount;
  }

  /** The name of field {@code f}: {@code field0}. */
  public String fieldName(int f) {
    return names[f];
  }

  public String value(SplittableRandom random) {
    return pool[random.nextInt(POOL)];
  }

  /** The field an update writes: one of them, at random, as YCSB's default. */
  public int randomField(SplittableRandom random) {
    return random.nextInt(fieldCount);
  }
}
