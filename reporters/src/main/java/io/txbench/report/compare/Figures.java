package io.txbench.report.compare;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * A figure of compare's text table made to fit a column: with fewer decimals, then in thousands,
 * millions... ({@code 2.50M}), so that forged or extreme values (a p99 of an hour in ms, a ratio of
 * 327272636.36) never push the table past its width.
 */
final class Figures {
  private static final String[] SUFFIXES = {"k", "M", "G", "T", "P", "E"};

  private Figures() {}

  /** {@code cell} as precise as {@code width} allows; text that is no number is left alone. */
  static String fit(String cell, int width) {
    if (cell.length() <= width) {
      return cell;
    }
    BigDecimal value;
    try {
      value = new BigDecimal(cell);
    } catch (NumberFormatException e) {
      return cell;
    }
    for (int decimals = Math.max(0, value.scale()) - 1; decimals >= 0; decimals--) {
      String fewer = value.setScale(decimals, RoundingMode.HALF_UP).toPlainString();
      if (fewer.length() <= width) {
        return fewer;
      }
    }
    String shortest = cell;
    for (int digits = 2; digits >= 0; digits--) {
      shortest = compact(value.doubleValue(), digits);
      if (shortest.length() <= width) {
        return shortest;
      }
    }
    return shortest;
  }

  private static String compact(double value, int decimals) {
    double scaled = Math.abs(value);
    for (String suffix : SUFFIXES) {
      scaled /= 1000;
      if (scaled < 999.5) {
        return String.format(
            Locale.ROOT, "%s%." + decimals + "f%s", value < 0 ? "-" : "", scaled, suffix);
      }
    }
    return String.format(Locale.ROOT, "%." + decimals + "e", value);
  }
}
