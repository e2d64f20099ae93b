package io.txbench.report.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads {@code intervals.csv} back for report, compare and merge, whichever version wrote it: the
 * columns added later (in-doubt and declined counts, the client's figures, the statements per
 * second, a mix's operations) may be missing; every cell that is there must be what txbench writes,
 * or the file is refused in one line that names it and its wrong line.
 */
public final class IntervalsReader {
  /** A cell's value where it is empty or its column missing. */
  private static final double NONE = Double.NaN;

  private final List<String> operations;

  private IntervalsReader(List<String> header) {
    operations = IntervalColumns.operations(header);
  }

  /**
   * Reads {@code file} back, no rows if there is none. The exception's message is one line that
   * names the file, and the line of it that is wrong.
   */
  public static List<IntervalRow> read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    return ResultFiles.readCsv(
        file,
        parser -> {
          IntervalsReader reader = new IntervalsReader(parser.getHeaderNames());
          return parser.stream().map(reader::row).toList();
        });
  }

  /** A row, or an IllegalArgumentException that says which line is wrong, and how. */
  private IntervalRow row(CSVRecord r) {
    String line = ResultFiles.line(r);
    double[] d = new double[IntervalColumns.PERIOD.size()];
    for (int i = 0; i < d.length; i++) {
      String column = IntervalColumns.PERIOD.get(i);
      boolean later = IntervalColumns.LATER_COUNTS.contains(column);
      if (!r.isMapped(column) && !later) {
        throw new IllegalArgumentException("its header has no column " + column);
      }
      d[i] = r.isMapped(column) ? required(r, column, line) : 0; // 0: before txbench counted them
    }
    double[] client = optional(r, IntervalColumns.CLIENT, line);
    double[] queries = optional(r, IntervalColumns.QUERIES, line);
    return new IntervalRow(
        d[0],
        (long) d[1],
        d[2],
        new IntervalRow.Times(d[3], d[4], d[5], d[6], d[7]),
        new IntervalRow.Outcomes((long) d[8], (long) d[9], (long) d[10], (long) d[11]),
        new IntervalRow.ClientUse(
            Double.isNaN(client[0]) ? OptionalDouble.empty() : OptionalDouble.of(client[0]),
            whole(client[1]),
            whole(client[2]),
            Double.isNaN(client[3]) ? OptionalDouble.empty() : OptionalDouble.of(client[3])),
        Double.isNaN(queries[0])
            ? Optional.empty()
            : Optional.of(
                new IntervalRow.QueryRates(
                    queries[0], number(queries[1]), number(queries[2]), number(queries[3]))),
        operations(r, line));
  }

  /**
   * The operations the row has: those whose count is empty did not run in it (a row of another
   * writer than the run's).
   */
  private Map<String, IntervalRow.Operation> operations(CSVRecord r, String line) {
    Map<String, IntervalRow.Operation> ops = new LinkedHashMap<>();
    for (String name : operations) {
      List<String> columns = IntervalColumns.OPERATION.stream().map(s -> name + s).toList();
      for (String column : columns) {
        if (!r.isMapped(column)) {
          throw new IllegalArgumentException(
              "its header has " + columns.get(0) + " but no column " + column);
        }
      }
      if (r.get(columns.get(0)).isEmpty()) {
        continue;
      }
      double[] v = new double[columns.size()];
      for (int i = 0; i < v.length; i++) {
        v[i] = required(r, columns.get(i), line);
      }
      ops.put(
          name,
          new IntervalRow.Operation((long) v[0], v[1], v[2], v[3], v[4], (long) v[5], (long) v[6]));
    }
    return ops;
  }

  /** The cells of {@code columns}, each NaN where it is empty or its column missing. */
  private static double[] optional(CSVRecord r, List<String> columns, String line) {
    double[] d = new double[columns.size()];
    for (int i = 0; i < d.length; i++) {
      String column = columns.get(i);
      d[i] = !r.isMapped(column) || r.get(column).isEmpty() ? NONE : required(r, column, line);
    }
    return d;
  }

  /** A cell that must hold a number of 0 or more, a whole one in a column that counts. */
  private static double required(CSVRecord r, String column, String line) {
    String cell = r.get(column);
    double d;
    try {
      d = Double.parseDouble(cell);
    } catch (NumberFormatException e) {
      d = Double.NaN;
    }
    boolean counted = IntervalColumns.counted(column);
    if (!Double.isFinite(d) || d < 0 || (counted && d != Math.rint(d))) {
      throw new IllegalArgumentException(
          line
              + ": "
              + column
              + " is \""
              + cell
              + "\", not "
              + (counted ? "a whole number" : "a number")
              + " of 0 or more");
    }
    return d;
  }

  /** A rate the qps column's row lacks: 0. */
  private static double number(double cell) {
    return Double.isNaN(cell) ? 0 : cell;
  }

  private static OptionalLong whole(double cell) {
    return Double.isNaN(cell) ? OptionalLong.empty() : OptionalLong.of((long) cell);
  }
}
