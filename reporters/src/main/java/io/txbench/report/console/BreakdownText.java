package io.txbench.report.console;

import io.txbench.core.metrics.OperationStats;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StatementStats;
import io.txbench.core.spi.Queries;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The console summary's lines for what a run recorded beyond its iterations: the statements
 * counted, as sysbench's {@code queries performed}, and a mix's operations in a small table, one
 * row each as YCSB reports its {@code [READ]} and {@code [UPDATE]} sections, and a script's
 * statements, a row each by file and line, as pgbench's {@code -r}.
 */
final class BreakdownText {
  private static final List<String> HEADER =
      List.of(
          "operation", "count", "tps", "mean", "p50", "p95", "p99", "max", "declined", "errors");

  private static final List<String> STATEMENT_HEADER =
      List.of("statement", "count", "failures", "mean", "p50", "p95", "p99", "max", "text");

  private BreakdownText() {}

  /**
   * "queries performed: read 123, write 45, other 30, total 198 (qps 456.70)"; empty for a workload
   * that counts none.
   */
  static Optional<String> queries(RunResult r) {
    Queries q = r.breakdown().queries();
    if (!q.any()) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.US,
            "  queries       performed: read %,d, write %,d, other %,d, total %,d (qps %,.2f)",
            q.reads(),
            q.writes(),
            q.others(),
            q.total(),
            r.qps(q.total())));
  }

  /**
   * A mix's operations, a row each in the workload's order under a header, the columns aligned:
   * completed, per second of the measured window, response times in ms, declined and failed. No
   * lines for a workload that is no mix.
   */
  static List<String> operations(RunResult r) {
    Map<String, OperationStats> ops = r.breakdown().operations();
    if (ops.isEmpty()) {
      return List.of();
    }
    List<List<String>> rows = new ArrayList<>();
    rows.add(HEADER);
    ops.forEach(
        (name, op) ->
            rows.add(
                List.of(
                    name,
                    String.format(Locale.US, "%,d", op.count()),
                    String.format(Locale.US, "%,.2f", r.qps(op.count())),
                    millis(op.meanMillis()),
                    millis(op.percentileMillis(50)),
                    millis(op.percentileMillis(95)),
                    millis(op.percentileMillis(99)),
                    millis(op.maxMillis()),
                    String.format(Locale.US, "%,d", op.declined()),
                    String.format(Locale.US, "%,d", op.errors()))));
    return table("  operations    response times in ms", rows, HEADER.size());
  }

  /**
   * A script's statements, as pgbench's {@code -r} reports them but in percentiles: a row each by
   * file and line, with the executions that succeeded, those that failed, the times of the first in
   * ms, and the statement's start. No lines for a run that timed none.
   */
  static List<String> statements(RunResult r) {
    List<StatementStats> statements = r.breakdown().statements();
    if (statements.isEmpty()) {
      return List.of();
    }
    List<List<String>> rows = new ArrayList<>();
    rows.add(STATEMENT_HEADER);
    for (StatementStats s : statements) {
      rows.add(
          List.of(
              s.id().where(),
              String.format(Locale.US, "%,d", s.count()),
              String.format(Locale.US, "%,d", s.failed()),
              millis(s.meanMillis()),
              millis(s.percentileMillis(50)),
              millis(s.percentileMillis(95)),
              millis(s.percentileMillis(99)),
              millis(s.maxMillis()),
              s.id().text()));
    }
    return table(
        "  statements    times in ms of those that succeeded, by file and line",
        rows,
        STATEMENT_HEADER.size() - 1);
  }

  /**
   * {@code title}, then the rows in columns: the first and those from {@code textFrom} on to the
   * left, the figures to the right, so that their digits line up.
   */
  private static List<String> table(String title, List<List<String>> rows, int textFrom) {
    int[] widths = new int[rows.get(0).size()];
    for (List<String> row : rows) {
      for (int i = 0; i < widths.length; i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    List<String> lines = new ArrayList<>(List.of(title));
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder("  ");
      for (int i = 0; i < widths.length; i++) {
        boolean left = i == 0 || i >= textFrom;
        line.append("  ")
            .append(i == widths.length - 1 && left ? row.get(i) : pad(row.get(i), widths[i], left));
      }
      lines.add(line.toString());
    }
    return lines;
  }

  private static String millis(double ms) {
    return String.format(Locale.US, "%,.2f", ms);
  }

  private static String pad(String cell, int width, boolean left) {
    String spaces = " ".repeat(width - cell.length());
    return left ? cell + spaces : spaces + cell;
  }
}
