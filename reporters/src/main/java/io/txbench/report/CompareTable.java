package io.txbench.report;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Runs side by side, one row each, with the throughput and p99 of each as a ratio to the first
 * run's: as aligned text for the terminal, as Markdown or as CSV.
 */
public final class CompareTable {
  /** The output formats of {@code compare --format}. */
  public enum Format {
    TEXT,
    MARKDOWN,
    CSV
  }

  static final List<String> HEADER = List.of("run", "target", "server", "workload", "threads",
      "tps", "tps_ratio", "p50_ms", "p95_ms", "p99_ms", "p99_ratio", "p999_ms", "max_ms",
      "retries", "errors", "in_doubt", "verification");

  private CompareTable() {}

  /** The table's rows as text cells, the header first. */
  public static List<List<String>> rows(List<ResultDirectory> runs) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(HEADER);
    ResultDirectory first = runs.get(0);
    for (ResultDirectory r : runs) {
      rows.add(List.of(r.label(), r.text("target"), r.text("serverVersion"), r.text("workload"),
          r.text("parallelism"), fixed(r.number("tps"), 2),
          ratio(r.number("tps"), first.number("tps")), fixed(r.responseMs("p50"), 3),
          fixed(r.responseMs("p95"), 3), fixed(r.responseMs("p99"), 3),
          ratio(r.responseMs("p99"), first.responseMs("p99")), fixed(r.responseMs("p999"), 3),
          fixed(r.responseMs("max"), 3), r.text("retries"), r.text("errors"),
          String.valueOf((long) r.number("inDoubt")), r.verification()));
    }
    return rows;
  }

  public static String render(List<ResultDirectory> runs, Format format) {
    List<List<String>> rows = rows(runs);
    return switch (format) {
      case TEXT -> text(rows);
      case MARKDOWN -> markdown(rows);
      case CSV -> csv(rows);
    };
  }

  private static String text(List<List<String>> rows) {
    int[] widths = new int[HEADER.size()];
    for (List<String> row : rows) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (List<String> row : rows) {
      for (int i = 0; i < row.size(); i++) {
        String cell = row.get(i);
        boolean numeric = i >= 4 && i <= 15;
        String pad = " ".repeat(widths[i] - cell.length());
        out.append(numeric ? pad + cell : cell + pad).append(i + 1 < row.size() ? "  " : "");
      }
      out.append('\n');
    }
    return out.toString();
  }

  private static String markdown(List<List<String>> rows) {
    StringBuilder out = new StringBuilder();
    for (int r = 0; r < rows.size(); r++) {
      out.append("| ").append(String.join(" | ", rows.get(r))).append(" |\n");
      if (r == 0) {
        out.append("|").append("---|".repeat(HEADER.size())).append('\n');
      }
    }
    return out.toString();
  }

  private static String csv(List<List<String>> rows) {
    StringWriter s = new StringWriter();
    try (CSVPrinter p = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get().print(s)) {
      for (List<String> row : rows) {
        p.printRecord(row);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return s.toString();
  }

  private static String fixed(double v, int decimals) {
    return String.format(Locale.US, "%." + decimals + "f", v);
  }

  private static String ratio(double value, double base) {
    return base == 0 ? "-" : String.format(Locale.US, "%.2f", value / base);
  }
}
