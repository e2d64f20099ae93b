package io.txbench.core.spi.values;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them: read ({@code PT120S, 120s, 2m, 500ms, 1d}) and written. */
public final class Durations {
  private static final Pattern SHORT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|d)?");

  private Durations() {}

  /**
   * Reads ISO-8601 ({@code PT120S}) or a number and a unit ({@code 120s, 2m, 1d}; seconds without
   * one).
   *
   * @throws IllegalArgumentException in words, for text that is no duration or is negative
   */
  public static Duration parse(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    if (v.startsWith("p") || v.startsWith("-p")) {
      Duration d;
      try {
        d = Duration.parse(v.toUpperCase(Locale.ROOT));
      } catch (DateTimeParseException e) {
        throw invalid(value);
      }
      if (d.isNegative()) {
        throw new IllegalArgumentException("'" + value + "' is negative");
      }
      return d;
    }
    Matcher m = SHORT.matcher(v);
    if (!m.matches()) {
      throw invalid(value);
    }
    double amount = Double.parseDouble(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    double millis =
        switch (unit) {
          case "ms" -> amount;
          case "m" -> amount * 60_000;
          case "h" -> amount * 3_600_000;
          case "d" -> amount * 86_400_000;
          default -> amount * 1000;
        };
    return Duration.ofNanos(Math.round(millis * 1_000_000));
  }

  private static IllegalArgumentException invalid(String value) {
    return new IllegalArgumentException(
        "'"
            + value
            + "' is not a duration: use ISO-8601 (PT120S)"
            + " or a number with a unit (500ms, 120s, 2m, 1h, 1d)");
  }

  /** A duration as a person writes it, and as {@link #parse} reads it: 0, 100ms, 90s, 24h, 30d. */
  public static String text(Duration d) {
    if (d.isZero()) {
      return "0";
    }
    if (d.toMillis() < 1000 || d.toMillis() % 1000 != 0) {
      return d.toNanos() % 1_000_000 == 0 ? d.toMillis() + "ms" : d.toString();
    }
    long seconds = d.toSeconds();
    if (seconds % 86_400 == 0 && seconds > 86_400) {
      return seconds / 86_400 + "d";
    }
    if (seconds % 3600 == 0) {
      return seconds / 3600 + "h";
    }
    return seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
  }
}
