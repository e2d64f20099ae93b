package io.txbench.report.files;

import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.IntervalStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The warm-up's periods, kept as they pass and written to {@code warmup.csv} (intervals.csv's
 * columns without a mix's, {@code t} from the warm-up's start) once the measured run starts: the
 * report draws the client's ramp before the window, where a client still compiling shows. Kept in
 * memory (a row a period, no histogram: an hour's warm-up at 1 s periods is 3,600 small rows), so
 * that a run stopped in its warm-up leaves no files.
 */
public final class WarmUpPeriods implements RunListener {
  public static final String FILE = "warmup.csv";

  private final List<IntervalRow> rows = new ArrayList<>();
  private boolean countsQueries;

  @Override
  public synchronized void onInterval(IntervalStats s) {
    countsQueries |= s.breakdown().queries().any();
    rows.add(IntervalRow.of(s, countsQueries));
  }

  /**
   * Writes the periods so far to {@code directory}'s warmup.csv; nothing when there were none.
   *
   * @throws IOException when the file cannot be written
   */
  public synchronized void write(Path directory) throws IOException {
    if (rows.isEmpty()) {
      return;
    }
    IntervalsCsv csv = IntervalsCsv.at(directory.resolve(FILE));
    try {
      rows.forEach(csv::write);
      csv.close();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
