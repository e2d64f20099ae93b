package io.txbench.report.console;

import java.io.PrintStream;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Apache ab's closing table, for those who read a web server's figures in it: the response time
 * within which each share of the requests was served, in milliseconds, the last line the longest.
 */
final class PercentageTable {
  private static final int[] SHARES = {50, 66, 75, 80, 90, 95, 98, 99};

  private PercentageTable() {}

  static void print(PrintStream out, Histogram responseTimes) {
    if (responseTimes.getTotalCount() == 0) {
      return;
    }
    out.println("  Percentage of the requests served within a certain time (ms)");
    for (int share : SHARES) {
      out.printf(
          Locale.US, "   %3d%%  %9.2f%n", share, responseTimes.getValueAtPercentile(share) / 1e6);
    }
    out.printf(Locale.US, "   100%%  %9.2f (longest request)%n", responseTimes.getMaxValue() / 1e6);
  }
}
