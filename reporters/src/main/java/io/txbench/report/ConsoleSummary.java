package io.txbench.report;

import io.txbench.core.ErrorClass;
import io.txbench.core.RunResult;
import io.txbench.core.Verification;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/** The block printed at the end of a run. */
public final class ConsoleSummary {
  private ConsoleSummary() {}

  public static void print(PrintStream out, RunSummary s) {
    RunResult r = s.result();
    out.println();
    out.printf(Locale.US, "txbench %s: %s (%s), workload %s%s, %d thread(s)%n",
        s.toolVersion(), s.target(), s.serverVersion(), s.workload(),
        s.transactions() ? " in transactions" : "", s.parallelism());
    out.printf(Locale.US, "  measured      %.1f s (%s)%n", r.measuredSeconds(),
        r.stopReason().name().toLowerCase(Locale.ROOT).replace('_', ' '));
    out.printf(Locale.US, "  iterations    %,d (%.2f per second)%n", r.iterations(), r.tps());
    out.printf(Locale.US, "  retries       %,d%s%n", r.retries(), classes(r.retriesByClass()));
    out.printf(Locale.US, "  errors        %,d%s%n", r.errors(), classes(r.errorsByClass()));
    line(out, "latency (ms) ", r.responseTimes());
    if (r.scheduleLags().getTotalCount() > 0 || r.skipped() > 0) {
      line(out, "service (ms) ", r.serviceTimes());
      line(out, "start lag (ms)", r.scheduleLags());
      out.printf(Locale.US, "  skipped       %,d (started later than --max-lag)%n", r.skipped());
    }
    Verification v = s.verification();
    if (v == null) {
      out.println("  verification  skipped");
    } else if (v.passed()) {
      out.println("  verification  passed " + v.figures());
    } else {
      out.println("  verification  FAILED " + v.figures());
      v.anomalies().forEach(a -> out.println("    - " + a));
    }
    out.println("  results       " + s.resultDirectory());
    out.flush();
  }

  private static void line(PrintStream out, String label, org.HdrHistogram.Histogram h) {
    boolean empty = h.getTotalCount() == 0;
    out.printf(Locale.US, "  %-13s p50 %.2f  p95 %.2f  p99 %.2f  p99.9 %.2f  max %.2f%n", label,
        empty ? 0 : h.getValueAtPercentile(50) / 1e6, empty ? 0 : h.getValueAtPercentile(95) / 1e6,
        empty ? 0 : h.getValueAtPercentile(99) / 1e6,
        empty ? 0 : h.getValueAtPercentile(99.9) / 1e6, empty ? 0 : h.getMaxValue() / 1e6);
  }

  private static String classes(Map<ErrorClass, Long> counts) {
    StringJoiner j = new StringJoiner(", ", " (", ")");
    j.setEmptyValue("");
    counts.forEach((k, v) -> {
      if (v > 0) {
        j.add(k.label() + " " + v);
      }
    });
    return j.toString();
  }
}
