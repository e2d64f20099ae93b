package io.txbench.report.files;

import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.commons.csv.CSVPrinter;

/**
 * {@code intervals.csv}: one row per metrics period with that period's throughput, response time
 * percentiles, retries, errors, in-doubt and declined iterations (the declined, such as sold-out
 * bookings, are among the count), where the Dropwizard files are cumulative; then what the client
 * used in it: its CPU in cores, its garbage collections and their time, and how busy the machine's
 * CPUs were (%), each empty where it was not measured; then the statements per second of a workload
 * that counts them (sysbench's qps and its read/write/other split), empty for the others; then, for
 * a mix, each operation's count, percentiles, max, declined and errors (see {@link
 * IntervalColumns}).
 */
public final class IntervalsCsv implements RunListener {
  public static final String FILE = "intervals.csv";

  private final Path file;
  private final List<String> operations;
  private final CSVPrinter printer;

  /** Whether a period so far counted statements: a later one that ran none shows 0, not empty. */
  private boolean countsQueries;

  /** The file of a run of {@code operations} (a mix's, in order; none for other workloads). */
  public IntervalsCsv(Path directory, List<String> operations) throws IOException {
    this(operations, directory.resolve(FILE));
  }

  /**
   * {@code file} with intervals.csv's columns and no mix's: a warm-up's ({@link WarmUpPeriods}).
   */
  static IntervalsCsv at(Path file) throws IOException {
    return new IntervalsCsv(List.of(), file);
  }

  private IntervalsCsv(List<String> operations, Path file) throws IOException {
    this.operations = List.copyOf(operations);
    this.file = file;
    printer = ResultFiles.csv(file, IntervalColumns.header(operations));
  }

  @Override
  public void onInterval(IntervalStats s) {
    countsQueries |= s.breakdown().queries().any();
    write(IntervalRow.of(s, countsQueries));
  }

  /** Writes a period's row: a run's, or a merge's, which has no IntervalStats of its own. */
  public void write(IntervalRow row) {
    List<Object> cells = new ArrayList<>();
    cells.add(fixed(row.t(), 3));
    cells.add(row.count());
    cells.add(fixed(row.tps(), 2));
    IntervalRow.Times ms = row.ms();
    for (double time : new double[] {ms.p50(), ms.p95(), ms.p99(), ms.p999(), ms.max()}) {
      cells.add(fixed(time, 3));
    }
    IntervalRow.Outcomes outcomes = row.outcomes();
    cells.add(outcomes.retries());
    cells.add(outcomes.errors());
    cells.add(outcomes.inDoubt());
    cells.add(outcomes.declined());
    IntervalRow.ClientUse client = row.client();
    cells.add(orEmpty(client.cpuCores(), 3));
    cells.add(orEmpty(client.gcCount()));
    cells.add(orEmpty(client.gcMillis()));
    cells.add(orEmpty(client.machineCpuPercent(), 1));
    row.queries()
        .ifPresentOrElse(
            q -> {
              for (double rate : new double[] {q.qps(), q.reads(), q.writes(), q.others()}) {
                cells.add(fixed(rate, 2));
              }
            },
            () -> IntervalColumns.QUERIES.forEach(c -> cells.add("")));
    for (String name : operations) {
      IntervalRow.Operation op = row.operations().get(name);
      if (op == null) {
        IntervalColumns.OPERATION.forEach(c -> cells.add(""));
        continue;
      }
      cells.add(op.count());
      for (double time : new double[] {op.p50(), op.p95(), op.p99(), op.max()}) {
        cells.add(fixed(time, 3));
      }
      cells.add(op.declined());
      cells.add(op.errors());
    }
    try {
      printer.printRecord(cells);
      printer.flush();
    } catch (IOException e) {
      throw ResultFiles.cannotWrite(file, e);
    }
  }

  private static String fixed(double value, int decimals) {
    return String.format(Locale.US, "%." + decimals + "f", value);
  }

  private static String orEmpty(OptionalDouble value, int decimals) {
    return value.isPresent() ? fixed(value.getAsDouble(), decimals) : "";
  }

  private static String orEmpty(OptionalLong value) {
    return value.isPresent() ? Long.toString(value.getAsLong()) : "";
  }

  @Override
  public void onEnd(RunResult result) {
    close();
  }

  /** Closes the file: the end of a run's, or of a merge's, which has no run's result. */
  public void close() {
    try {
      printer.close();
    } catch (IOException e) {
      throw ResultFiles.cannotWrite(file, e);
    }
  }
}
