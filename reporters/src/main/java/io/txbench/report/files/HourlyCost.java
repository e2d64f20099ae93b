package io.txbench.report.files;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * What the system under test costs an hour ({@code --cost-per-hour}, in whatever currency it was
 * given: txbench names none), and the one formula that prices a run with it, for summary.json, a
 * merge, compare, the report and history alike:
 *
 * <pre>
 * cost of the run               = perHour * measured seconds / 3600
 * cost per million iterations   = cost of the run / iterations * 1,000,000
 *                               = perHour / (tps * 3600) * 1,000,000
 * </pre>
 *
 * <p>Only the measured window is charged, because only it is in the throughput: the warm-up, the
 * setup and the commit check's waits are not. The iterations are those tps counts, so that the two
 * lines agree: those completed in the window, committed or declined (a sold-out flight is an answer
 * the database worked for, as a key not found is), not those of the grace after it.
 */
public record HourlyCost(double perHour) {
  private static final double SECONDS_PER_HOUR = 3600;
  private static final double MILLION = 1_000_000;

  /** summary.json's figures: finer than any price is given, and a cent of a cheap run shows. */
  private static final MathContext WRITTEN = new MathContext(6);

  /** The texts' figures: a cost per million to a tenth of a percent. */
  private static final MathContext SHOWN = new MathContext(4);

  public HourlyCost {
    if (!(perHour >= 0) || Double.isInfinite(perHour)) {
      throw new IllegalArgumentException(
          "a cost per hour is a number of 0 or more, not " + perHour);
    }
  }

  /** What {@code seconds} of the system under test cost. */
  public double of(double seconds) {
    return perHour * seconds / SECONDS_PER_HOUR;
  }

  /**
   * The cost of a million iterations, {@code iterations} having been done in {@code seconds}; empty
   * when none were (no throughput, no price of one).
   */
  public OptionalDouble perMillion(long iterations, double seconds) {
    return iterations <= 0
        ? OptionalDouble.empty()
        : OptionalDouble.of(of(seconds) / iterations * MILLION);
  }

  /** As summary.json holds it: each figure to 6 significant digits. */
  public SummaryFile.Cost summary(long iterations, double seconds) {
    OptionalDouble perMillion = perMillion(iterations, seconds);
    return new SummaryFile.Cost(
        rounded(perHour, WRITTEN),
        rounded(of(seconds), WRITTEN),
        perMillion.isPresent() ? rounded(perMillion.getAsDouble(), WRITTEN) : null);
  }

  /**
   * The console's words: {@code 0.0006944 for the 5.0 s window at 0.5 an hour; 0.01389 per million
   * iterations}.
   */
  public String said(long iterations, double seconds) {
    OptionalDouble perMillion = perMillion(iterations, seconds);
    return String.format(
        Locale.US,
        "%s for the %.1f s window at %s an hour; %s",
        figure(of(seconds)),
        seconds,
        figure(perHour),
        perMillion.isPresent()
            ? figure(perMillion.getAsDouble()) + " per million iterations"
            : "no iteration completed to price");
  }

  /**
   * A cost as every text shows it, plainly (no exponent) to 4 significant digits: {@code 0.01389},
   * {@code 2.5}, {@code 1235}.
   */
  public static String figure(double cost) {
    return BigDecimal.valueOf(rounded(cost, SHOWN)).stripTrailingZeros().toPlainString();
  }

  private static double rounded(double value, MathContext digits) {
    return new BigDecimal(value).round(digits).doubleValue();
  }
}
