package io.txbench.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads a duration as ISO-8601 ({@code PT120S}) or as a number and a unit ({@code 120s, 2m, 1d}). */
final class DurationConverter implements ITypeConverter<Duration> {
  private static final Pattern SHORT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|d)?");

  @Override
  public Duration convert(String value) {
    return parse(value);
  }

  static Duration parse(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    try {
      if (v.startsWith("p") || v.startsWith("-p")) {
        Duration d = Duration.parse(v.toUpperCase(Locale.ROOT));
        if (d.isNegative()) {
          throw new TypeConversionException("'" + value + "' is negative");
        }
        return d;
      }
    } catch (DateTimeParseException e) {
      throw invalid(value);
    }
    Matcher m = SHORT.matcher(v);
    if (!m.matches()) {
      throw invalid(value);
    }
    double amount = Double.parseDouble(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    double millis = switch (unit) {
      case "ms" -> amount;
      case "m" -> amount * 60_000;
      case "h" -> amount * 3_600_000;
      case "d" -> amount * 86_400_000;
      default -> amount * 1000;
    };
    return Duration.ofNanos(Math.round(millis * 1_000_000));
  }

  private static TypeConversionException invalid(String value) {
    return new TypeConversionException("'" + value
        + "' is not a duration: use ISO-8601 (PT120S) or a number with a unit (500ms, 120s, 2m, 1h, 1d)");
  }
}
