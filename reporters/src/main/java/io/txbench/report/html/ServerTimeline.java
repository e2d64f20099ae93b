package io.txbench.report.html;

import io.txbench.report.files.ResultFiles;
import io.txbench.report.files.ServerCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVRecord;

/**
 * A run's {@code server.csv} read back for the report: the server's and the machine's own figures,
 * one row per metrics period, by column ({@code t} and {@code period_s} first; then columns named
 * by their prefix: {@code cpu_}, {@code mem_}, {@code net_}, {@code disk_}, {@code server_}, {@code
 * db_}). An empty cell is a figure not measured, held as NaN.
 */
@SuppressWarnings("ArrayRecordComponent") // never compared or hashed: only read by index
record ServerTimeline(double[] t, double[] period, Map<String, double[]> columns) {

  /** The run's timeline, or none when the run has no server.csv (it ran without telemetry). */
  static Optional<ServerTimeline> read(Path runDirectory) throws IOException {
    Path file = runDirectory.resolve(ServerCsv.FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    return Optional.of(
        ResultFiles.readCsv(
            file,
            parser -> {
              List<String> header = parser.getHeaderNames();
              for (String required : List.of("t", "period_s")) {
                if (!header.contains(required)) {
                  throw new IllegalArgumentException("its header has no column " + required);
                }
              }
              return of(header, parser.stream().map(r -> row(header, r)).toList());
            }));
  }

  private static double[] row(List<String> header, CSVRecord r) {
    String line = ResultFiles.line(r);
    double[] values = new double[header.size()];
    for (int i = 0; i < values.length; i++) {
      String cell = r.get(i).strip();
      boolean timing = i == header.indexOf("t") || i == header.indexOf("period_s");
      values[i] = cell.isEmpty() && !timing ? Double.NaN : number(cell);
      if ((Double.isNaN(values[i]) && !cell.isEmpty()) || (timing && Double.isNaN(values[i]))) {
        throw new IllegalArgumentException(
            line
                + ", column "
                + header.get(i)
                + " is '"
                + (cell.length() > 20 ? cell.substring(0, 17) + "..." : cell)
                + "', not a number");
      }
    }
    return values;
  }

  /** The finite number {@code cell} holds, or NaN. */
  private static double number(String cell) {
    try {
      double value = Double.parseDouble(cell);
      return Double.isFinite(value) ? value : Double.NaN;
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static ServerTimeline of(List<String> header, List<double[]> rows) {
    Map<String, double[]> columns = new LinkedHashMap<>();
    for (int c = 0; c < header.size(); c++) {
      double[] column = new double[rows.size()];
      for (int r = 0; r < rows.size(); r++) {
        column[r] = rows.get(r)[c];
      }
      columns.put(header.get(c), column);
    }
    double[] t = columns.remove("t");
    double[] period = columns.remove("period_s");
    return new ServerTimeline(t, period, columns);
  }

  /** The column's values per second: each period's delta divided by that period's length. */
  double[] perSecond(String column) {
    double[] delta = columns.get(column);
    if (delta == null) {
      throw new IllegalArgumentException("no column " + column + " in this " + ServerCsv.FILE);
    }
    double[] rate = new double[delta.length];
    for (int i = 0; i < delta.length; i++) {
      rate[i] = period[i] > 0 ? delta[i] / period[i] : Double.NaN;
    }
    return rate;
  }
}
