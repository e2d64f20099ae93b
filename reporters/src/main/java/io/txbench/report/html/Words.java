package io.txbench.report.html;

import java.util.List;

/** Lists in words, for the sentences of the report page. */
final class Words {
  /** The most items a sentence names before it counts the rest. */
  private static final int NAMED = 6;

  private Words() {}

  /**
   * "a", "a and b", "a, b and c" (with {@code and} the last joining word); past six items, the
   * first six and how many more.
   */
  static String list(List<String> items, String and) {
    if (items.size() > NAMED) {
      return String.join(", ", items.subList(0, NAMED))
          + " "
          + and
          + " "
          + (items.size() - NAMED)
          + " more";
    }
    if (items.size() <= 1) {
      return String.join("", items);
    }
    return String.join(", ", items.subList(0, items.size() - 1))
        + " "
        + and
        + " "
        + items.get(items.size() - 1);
  }
}
