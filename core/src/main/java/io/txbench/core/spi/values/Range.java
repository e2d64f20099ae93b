package io.txbench.core.spi.values;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Function;

/**
 * The values a numeric setting accepts, from {@code min} to {@code max}, with how the message that
 * refuses a value writes the bounds ({@code text}) and the value given ({@code given}: as the user
 * typed it, so a count is not grouped). The command line, the Java API and the declared options
 * check against the same ranges ({@code Limits}) and refuse in the same words.
 *
 * @param <T> the setting's type
 */
public record Range<T extends Comparable<? super T>>(
    T min, T max, Function<? super T, String> text, Function<? super T, String> given) {

  /** Whole numbers: {@code 4,096}; a range without an upper end says "or more". */
  public static Range<Long> counts(long min, long max) {
    return new Range<>(min, max, v -> String.format(Locale.ROOT, "%,d", v), String::valueOf);
  }

  /** Rates and other decimals read as doubles: {@code 0.001}, {@code 10000000}. */
  public static Range<Double> rates(double min, double max) {
    Function<Double, String> plain =
        v ->
            Double.isFinite(v)
                ? BigDecimal.valueOf(v).stripTrailingZeros().toPlainString()
                : String.valueOf(v);
    return new Range<>(min, max, plain, plain);
  }

  /** Durations, written as {@link Durations#text}: {@code 100ms}, {@code 1h}. */
  public static Range<Duration> durations(Duration min, Duration max) {
    return new Range<>(min, max, Durations::text, Durations::text);
  }

  /** Exact decimals, written as typed. */
  public static Range<BigDecimal> decimals(BigDecimal min, BigDecimal max) {
    return new Range<>(min, max, BigDecimal::toPlainString, BigDecimal::toPlainString);
  }

  /**
   * {@code value}, when it lies in the range.
   *
   * @throws IllegalArgumentException "must be between MIN and MAX, not VALUE" (or "must be MIN or
   *     more" for a range without an upper end), which the caller prefixes with the setting's name
   */
  public T check(T value) {
    // compareTo, not < and >: a double's NaN compares above every number, so it is refused too.
    if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw new IllegalArgumentException(
          (max.equals(Long.MAX_VALUE)
                  ? "must be " + text.apply(min) + " or more"
                  : "must be between " + text.apply(min) + " and " + text.apply(max))
              + ", not "
              + given.apply(value));
    }
    return value;
  }
}
