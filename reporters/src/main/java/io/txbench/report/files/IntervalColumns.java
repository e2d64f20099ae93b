package io.txbench.report.files;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The columns of {@code intervals.csv}, in order: the period's own figures, the client's, the
 * statements per second of a workload that counts them, then seven per operation of a mix ({@code
 * update_count}, {@code update_p50_ms}, ...), in the workload's order. Which of them count whole
 * things (iterations, collections) and which were added after the first version.
 */
final class IntervalColumns {
  /** The period's own figures, every version's (but {@link #LATER_COUNTS}). */
  static final List<String> PERIOD =
      List.of(
          "t",
          "count",
          "tps",
          "p50_ms",
          "p95_ms",
          "p99_ms",
          "p999_ms",
          "max_ms",
          "retries",
          "errors",
          "in_doubt",
          "declined");

  /**
   * The client's columns, empty in files written before them, in a merge's, and where a figure was
   * not measured.
   */
  static final List<String> CLIENT =
      List.of("client_cpu_cores", "client_gc_count", "client_gc_ms", "machine_cpu_pct");

  /**
   * Statements per second, as sysbench counts its queries: empty for a workload that counts none,
   * in a merge's, and missing from files written before them.
   */
  static final List<String> QUERIES = List.of("qps", "reads_per_s", "writes_per_s", "others_per_s");

  /** Each operation's columns, after its name: {@code update_count}, ... */
  static final List<String> OPERATION =
      List.of("_count", "_p50_ms", "_p95_ms", "_p99_ms", "_max_ms", "_declined", "_errors");

  /** Columns added after the first version, 0 in files written before them. */
  static final List<String> LATER_COUNTS = List.of("in_doubt", "declined");

  /** The columns that count whole things, where the others are times and rates. */
  private static final List<String> COUNTED =
      List.of(
          "count", "retries", "errors", "in_doubt", "declined", "client_gc_count", "client_gc_ms");

  /** The columns of every file, whatever its workload's operations. */
  static final List<String> FIXED =
      Stream.of(PERIOD, CLIENT, QUERIES).flatMap(List::stream).toList();

  private IntervalColumns() {}

  /** The header of a run of {@code operations} (none but for a mix). */
  static List<String> header(List<String> operations) {
    List<String> header = new ArrayList<>(FIXED);
    for (String op : operations) {
      OPERATION.forEach(suffix -> header.add(op + suffix));
    }
    return header;
  }

  /** The operations a file's header has columns for, in order. */
  static List<String> operations(List<String> header) {
    String count = OPERATION.get(0);
    return header.stream()
        .filter(c -> c.endsWith(count) && c.length() > count.length() && !FIXED.contains(c))
        .map(c -> c.substring(0, c.length() - count.length()))
        .toList();
  }

  /** Whether {@code column} counts whole things. */
  static boolean counted(String column) {
    return COUNTED.contains(column)
        || Stream.of("_count", "_declined", "_errors").anyMatch(column::endsWith);
  }
}
