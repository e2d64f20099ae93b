package io.txbench.report;

import io.txbench.core.IntervalStats;
import io.txbench.core.RunListener;
import io.txbench.core.RunResult;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * {@code intervals.csv}: one row per metrics period with that period's throughput, response time
 * percentiles, retries, errors, in-doubt and declined iterations (the declined, such as sold-out
 * bookings, are among the count), where the Dropwizard files are cumulative; then what the client
 * used in it: its CPU in cores, its garbage collections and their time, and how busy the machine's
 * CPUs were (%), each empty where it was not measured.
 */
public final class IntervalsCsv implements RunListener {
  public static final String FILE = "intervals.csv";
  static final String[] HEADER = {
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
    "declined",
    "client_cpu_cores",
    "client_gc_count",
    "client_gc_ms",
    "machine_cpu_pct"
  };

  /** The columns that count iterations, where the others are times and rates. */
  private static final List<String> COUNTED =
      List.of(
          "count", "retries", "errors", "in_doubt", "declined", "client_gc_count", "client_gc_ms");

  /** Columns added after the first version, 0 in files written before them. */
  private static final List<String> LATER_COUNTS = List.of("in_doubt", "declined");

  /**
   * The client's columns, empty in files written before them, in a merge's, and where a figure was
   * not measured.
   */
  private static final List<String> CLIENT =
      List.of("client_cpu_cores", "client_gc_count", "client_gc_ms", "machine_cpu_pct");

  /** Where the first of {@link #CLIENT} is in {@link #HEADER}. */
  private static final int FIRST_CLIENT = HEADER.length - CLIENT.size();

  private final Path file;
  private final CSVPrinter printer;

  public IntervalsCsv(Path directory) throws IOException {
    file = directory.resolve(FILE);
    Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    printer =
        CSVFormat.DEFAULT.builder().setHeader(HEADER).setRecordSeparator('\n').get().print(writer);
  }

  @Override
  public void onInterval(IntervalStats s) {
    write(IntervalRow.of(s));
  }

  /** Writes a period's row: a run's, or a merge's, which has no IntervalStats of its own. */
  void write(IntervalRow row) {
    try {
      printer.printRecord(
          fixed(row.t(), 3),
          row.count(),
          fixed(row.tps(), 2),
          fixed(row.p50(), 3),
          fixed(row.p95(), 3),
          fixed(row.p99(), 3),
          fixed(row.p999(), 3),
          fixed(row.max(), 3),
          row.retries(),
          row.errors(),
          row.inDoubt(),
          row.declined(),
          row.clientCpuCores().isPresent() ? fixed(row.clientCpuCores().getAsDouble(), 3) : "",
          row.clientGcCount().isPresent() ? row.clientGcCount().getAsLong() : "",
          row.clientGcMillis().isPresent() ? row.clientGcMillis().getAsLong() : "",
          row.machineCpuPercent().isPresent()
              ? fixed(row.machineCpuPercent().getAsDouble(), 1)
              : "");
      printer.flush();
    } catch (IOException e) {
      throw ResultFiles.cannotWrite(file, e);
    }
  }

  private static String fixed(double value, int decimals) {
    return String.format(Locale.US, "%." + decimals + "f", value);
  }

  /**
   * Reads {@code file} back, no rows if there is none. The exception's message is one line that
   * names the file, and the line of it that is wrong.
   */
  static List<IntervalRow> read(Path file) throws IOException {
    List<IntervalRow> rows = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return rows;
    }
    try (Reader in = Files.newBufferedReader(file)) {
      for (CSVRecord r :
          CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
        rows.add(row(r));
      }
    } catch (IOException e) {
      throw new IOException("cannot read " + file + ": " + ResultFiles.reason(e), e);
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new IOException(
          file + " is corrupt: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""),
          e);
    }
    return List.copyOf(rows);
  }

  /** A row, or an IllegalArgumentException that says which line is wrong, and how. */
  private static IntervalRow row(CSVRecord r) {
    // The header is line 1, and txbench writes no field over several lines.
    String line = "line " + (r.getRecordNumber() + 1);
    if (!r.isConsistent()) {
      throw new IllegalArgumentException(
          line
              + " has "
              + r.size()
              + " fields where its header has "
              + r.getParser().getHeaderNames().size());
    }
    // NaN: a client figure the row does not have.
    double[] d = new double[HEADER.length];
    for (int i = 0; i < HEADER.length; i++) {
      boolean client = CLIENT.contains(HEADER[i]);
      if (!r.isMapped(HEADER[i]) || (client && r.get(HEADER[i]).isEmpty())) {
        if (client || LATER_COUNTS.contains(HEADER[i])) {
          d[i] = client ? Double.NaN : 0; // written before txbench counted them, or not measured
          continue;
        }
        throw new IllegalArgumentException("its header has no column " + HEADER[i]);
      }
      String cell = r.get(HEADER[i]);
      try {
        d[i] = Double.parseDouble(cell);
      } catch (NumberFormatException e) {
        d[i] = Double.NaN;
      }
      boolean counted = COUNTED.contains(HEADER[i]);
      if (!Double.isFinite(d[i]) || d[i] < 0 || (counted && d[i] != Math.rint(d[i]))) {
        throw new IllegalArgumentException(
            line
                + ": "
                + HEADER[i]
                + " is \""
                + cell
                + "\", not "
                + (counted ? "a whole number" : "a number")
                + " of 0 or more");
      }
    }
    return new IntervalRow(
        d[0],
        (long) d[1],
        d[2],
        d[3],
        d[4],
        d[5],
        d[6],
        d[7],
        (long) d[8],
        (long) d[9],
        (long) d[10],
        (long) d[11],
        Double.isNaN(d[FIRST_CLIENT]) ? OptionalDouble.empty() : OptionalDouble.of(d[FIRST_CLIENT]),
        whole(d[FIRST_CLIENT + 1]),
        whole(d[FIRST_CLIENT + 2]),
        Double.isNaN(d[FIRST_CLIENT + 3])
            ? OptionalDouble.empty()
            : OptionalDouble.of(d[FIRST_CLIENT + 3]));
  }

  private static OptionalLong whole(double cell) {
    return Double.isNaN(cell) ? OptionalLong.empty() : OptionalLong.of((long) cell);
  }

  @Override
  public void onEnd(RunResult result) {
    try {
      printer.close();
    } catch (IOException e) {
      throw ResultFiles.cannotWrite(file, e);
    }
  }
}
