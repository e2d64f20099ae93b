package io.txbench.report;

import io.txbench.core.IntervalStats;
import io.txbench.core.RunListener;
import io.txbench.core.RunResult;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * {@code intervals.csv}: one row per metrics period with that period's throughput, response time
 * percentiles, retries, errors, in-doubt and declined iterations (the declined, such as sold-out
 * bookings, are among the count), where the Dropwizard files are cumulative.
 */
public final class IntervalsCsv implements RunListener {
  public static final String FILE = "intervals.csv";
  static final String[] HEADER = {
    "t", "count", "tps", "p50_ms", "p95_ms", "p99_ms", "p999_ms", "max_ms", "retries", "errors",
    "in_doubt", "declined"
  };
  private final Path file;
  private final CSVPrinter printer;

  public IntervalsCsv(Path directory) throws IOException {
    file = directory.resolve(FILE);
    Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    printer = CSVFormat.DEFAULT.builder().setHeader(HEADER).setRecordSeparator('\n').get()
        .print(writer);
  }

  @Override
  public void onInterval(IntervalStats s) {
    try {
      printer.printRecord(
          fixed(s.elapsedNanos() / 1e9, 3),
          s.count(),
          fixed(s.tps(), 2),
          fixed(s.percentileMillis(50), 3),
          fixed(s.percentileMillis(95), 3),
          fixed(s.percentileMillis(99), 3),
          fixed(s.percentileMillis(99.9), 3),
          fixed(s.count() == 0 ? 0 : s.responseTimes().getMaxValue() / 1e6, 3),
          s.retries(),
          s.errors(),
          s.inDoubt(),
          s.declined());
      printer.flush();
    } catch (IOException e) {
      throw ResultFiles.cannotWrite(file, e);
    }
  }

  private static String fixed(double value, int decimals) {
    return String.format(Locale.US, "%." + decimals + "f", value);
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
