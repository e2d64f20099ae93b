package io.txbench.report.console;

import io.txbench.core.spi.Verification;
import io.txbench.core.thresholds.ThresholdVerdict;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The lines that close a run's block once verify has run: its verdict, then each threshold's, so
 * that a verify that hangs or fails never hides the measurements above them ({@link
 * ConsoleSummary}).
 */
public final class VerdictText {
  private VerdictText() {}

  /**
   * Verify's verdict, the last line of the block; what may quote a driver (why verify did not run,
   * notes) through {@code quoted}.
   */
  public static void printVerification(
      PrintStream out, Verification v, UnaryOperator<String> quoted) {
    switch (v.status()) {
      case PASSED -> out.println(("  verification  passed " + figures(v)).stripTrailing());
      case FAILED -> out.println(("  verification  FAILED " + figures(v)).stripTrailing());
      default -> out.println("  verification  not run (" + quoted.apply(v.cause()) + ")");
    }
    v.notes().forEach(n -> out.println("    " + quoted.apply(n)));
    v.anomalies().forEach(a -> out.println("    - " + quoted.apply(a)));
    if (!v.answers().isEmpty()) {
      out.println(
          "  answers       " + io.txbench.core.spi.Answer.PRECISION + "; compare checks them");
      for (io.txbench.core.spi.Answer a : v.answers()) {
        out.printf(
            java.util.Locale.ROOT,
            "    %-14s %,9d rows  %s%n",
            a.query(),
            a.rows().size(),
            a.digest().substring(0, Math.min(a.digest().length(), 23)));
      }
    }
    out.flush();
  }

  /** The figures verify read, or nothing when it had none to read. */
  private static String figures(Verification v) {
    return v.figures().isEmpty() ? "" : v.figures().toString();
  }

  /**
   * One line per threshold, after verify's verdict, with the figure it measured: {@code threshold
   * p99<20ms PASS 12.345 ms}.
   */
  public static void printThresholds(PrintStream out, List<ThresholdVerdict> verdicts) {
    int width = verdicts.stream().mapToInt(v -> v.expression().length()).max().orElse(0);
    for (ThresholdVerdict v : verdicts) {
      out.printf(
          Locale.US,
          "  threshold     %-" + width + "s  %s  %s%n",
          v.expression(),
          v.passed() ? "PASS" : "FAIL",
          measured(v));
    }
    out.flush();
  }

  /**
   * "12.345 ms", "1,523.40 tps", "8,562.22 qps", "0.0123 %", "3", "passed", or "nothing measured"
   * with the reason when there is one.
   */
  private static String measured(ThresholdVerdict v) {
    double m = v.measured();
    if (Double.isNaN(m)) {
      return "nothing measured" + v.whyNotMeasured().map(why -> " (" + why + ")").orElse("");
    }
    return switch (v.unit()) {
      case "passed" -> m == 1 ? "verify passed" : "verify did not pass";
      case "count" -> String.format(Locale.US, "%,.0f", m);
      case "tps", "qps" -> String.format(Locale.US, "%,.2f %s", m, v.unit());
      case "%" -> String.format(Locale.US, "%.4f %%", m);
      default -> String.format(Locale.US, "%,.3f %s", m, v.unit());
    };
  }
}
