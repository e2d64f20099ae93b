package io.txbench.report.compare;

import io.txbench.report.files.Printable;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryFile;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * compare's view of the runs' operations (a mix's, the analytics queries), one line per operation
 * and run, so that each query's times are compared with each query's, not lost in a total over
 * different queries: count, p50, p95, p99 and max in ms, and p95 as a ratio to the baseline's.
 */
final class CompareOperations {
  private CompareOperations() {}

  /** The lines, or "" when no run recorded operations. */
  static String text(List<ResultDirectory> runs, ResultDirectory baseline) {
    Set<String> operations = new LinkedHashSet<>();
    for (ResultDirectory run : runs) {
      if (run.summary().breakdown().operations() != null) {
        operations.addAll(run.summary().breakdown().operations().keySet());
      }
    }
    if (operations.isEmpty()) {
      return "";
    }
    int runWidth = 3;
    for (ResultDirectory run : runs) {
      runWidth = Math.max(runWidth, Math.min(run.label().length(), 24));
    }
    int opWidth =
        Math.max(
            9, operations.stream().mapToInt(op -> Printable.field(op).length()).max().orElse(0));
    String format = "  %-" + opWidth + "s  %-" + runWidth + "s %9s %10s %10s %10s %10s %7s%n";
    StringBuilder out = new StringBuilder("operations, response times in ms:\n");
    out.append(
        String.format(
            Locale.ROOT, format, "operation", "run", "count", "p50", "p95", "p99", "max", "p95_x"));
    Map<String, SummaryFile.Operation> base = baseline.summary().breakdown().operations();
    for (String op : operations) {
      List<String> lines = new ArrayList<>();
      for (ResultDirectory run : runs) {
        Map<String, SummaryFile.Operation> ops = run.summary().breakdown().operations();
        SummaryFile.Operation o = ops == null ? null : ops.get(op);
        if (o == null) {
          continue;
        }
        SummaryFile.Operation b = base == null ? null : base.get(op);
        lines.add(
            String.format(
                Locale.ROOT,
                format,
                lines.isEmpty() ? Printable.field(op) : "",
                shortened(run.label(), runWidth),
                String.format(Locale.ROOT, "%,d", o.count()),
                ms(o.p50Ms()),
                ms(o.p95Ms()),
                ms(o.p99Ms()),
                ms(o.maxMs()),
                b == null || b.p95Ms() == 0
                    ? "-"
                    : String.format(Locale.ROOT, "%.2f", o.p95Ms() / b.p95Ms())));
      }
      lines.forEach(out::append);
    }
    return out.toString();
  }

  private static String ms(double value) {
    return String.format(Locale.ROOT, value >= 1000 ? "%,.0f" : "%.3f", value);
  }

  private static String shortened(String label, int width) {
    return label.length() <= width ? label : label.substring(0, width - 3) + "...";
  }
}
