package io.txbench.report.files;

import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.telemetry.TelemetryRow;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVPrinter;
import org.jspecify.annotations.Nullable;

/**
 * {@code server.csv}: one row per metrics period with the machine's numbers, the server's
 * processes' and the server's own counters, beside {@code intervals.csv}: {@code t} (seconds from
 * the run's start to the period's end) and {@code period_s}, then the columns the run sampled, by
 * their prefixes {@code cpu_}, {@code mem_}, {@code net_}, {@code disk_}, {@code server_} and
 * {@code db_}. A count is its growth over the period, a level its value at the end; an empty cell
 * was not measured (a read that failed or came too late), never a zero. The file is made with the
 * first row: a run that sampled nothing has none.
 */
public final class ServerCsv implements RunListener {
  public static final String FILE = "server.csv";

  private final Path file;
  private @Nullable CSVPrinter printer;

  public ServerCsv(Path directory) {
    this.file = directory.resolve(FILE);
  }

  @Override
  public void onTelemetry(TelemetryRow row) {
    try {
      if (printer == null) {
        List<String> header = new ArrayList<>(List.of("t", "period_s"));
        header.addAll(row.columns());
        printer = ResultFiles.csv(file, header);
      }
      List<String> cells = new ArrayList<>();
      cells.add(plain(row.t()));
      cells.add(plain(row.periodSeconds()));
      row.values().forEach(v -> cells.add(v == null ? "" : plain(v)));
      printer.printRecord(cells);
      printer.flush();
    } catch (IOException e) {
      throw ResultFiles.cannotWrite(file, e);
    }
  }

  /** 12, 0.5, 3.125: as few digits as the value has, a point for decimals, no exponent. */
  private static String plain(Number value) {
    if (value instanceof Double d) {
      return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }
    return value.toString();
  }

  @Override
  public void onEnd(RunResult result) {
    if (printer == null) {
      return;
    }
    try {
      printer.close();
    } catch (IOException e) {
      throw ResultFiles.cannotWrite(file, e);
    }
  }
}
