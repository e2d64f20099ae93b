package io.txbench.http;

import java.util.BitSet;
import java.util.Locale;

/**
 * A set of HTTP status codes as the user writes it: codes ({@code 304}) and classes ({@code 2xx})
 * separated by commas, or {@code none}. {@code --http-ok} says which answers an iteration succeeds
 * on, {@code --http-retry} which failed ones are tried again.
 */
public record StatusCodes(String text, BitSet codes) {
  private static final int FIRST = 100;
  private static final int LAST = 599;

  public StatusCodes {
    codes = (BitSet) codes.clone();
  }

  /**
   * The codes {@code text} names.
   *
   * @throws IllegalArgumentException in one line, naming the part that is no code or class
   */
  public static StatusCodes parse(String text) {
    String stripped = text.strip().toLowerCase(Locale.ROOT);
    BitSet codes = new BitSet(LAST + 1);
    if (stripped.equals("none")) {
      return new StatusCodes(stripped, codes);
    }
    for (String part : stripped.split(",", -1)) {
      String code = part.strip();
      if (code.matches("[1-5]xx")) {
        int first = (code.charAt(0) - '0') * 100;
        codes.set(first, first + 100);
      } else if (code.matches("[1-5][0-9][0-9]")) {
        codes.set(Integer.parseInt(code));
      } else {
        throw new IllegalArgumentException(
            "'"
                + part.strip()
                + "' is no HTTP status: give codes ("
                + FIRST
                + " to "
                + LAST
                + ") or classes (2xx), separated by commas, or none");
      }
    }
    return new StatusCodes(stripped, codes);
  }

  /** Whether {@code status} is one of these. */
  public boolean contains(int status) {
    return status >= 0 && codes.get(status);
  }

  @Override
  public BitSet codes() {
    return (BitSet) codes.clone();
  }

  @Override
  public String toString() {
    return text;
  }
}
