package io.txbench.core.spi;

import org.jspecify.annotations.Nullable;

/**
 * Whether a workload grew the data a previous prepare left ({@link Workload#grow}), or why it did
 * not: then nothing was touched, and the data is to be loaded afresh.
 *
 * @param refusal why the data could not grow, in words that follow "the data is loaded afresh:";
 *     null when it grew
 */
public record Growth(@Nullable String refusal) {
  private static final Growth GROWN = new Growth(null);

  /** The data grew: the rows it lacked were added, those there kept. */
  public static Growth grown() {
    return GROWN;
  }

  /** The data could not grow, for the reason {@code why}; nothing was touched. */
  public static Growth refused(String why) {
    if (why == null || why.isBlank()) {
      throw new IllegalArgumentException("a refusal says why");
    }
    return new Growth(why);
  }

  public boolean isGrown() {
    return refusal == null;
  }
}
