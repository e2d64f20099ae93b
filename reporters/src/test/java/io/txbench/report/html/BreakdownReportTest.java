package io.txbench.report.html;

import static io.txbench.report.files.MixRuns.mix;
import static io.txbench.report.files.MixRuns.period;
import static io.txbench.report.files.MixRuns.times;
import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.spi.Queries;
import io.txbench.report.console.ProgressLine;
import io.txbench.report.files.IntervalRow;
import io.txbench.report.files.IntervalsCsv;
import io.txbench.report.files.IntervalsReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress line and intervals.csv of a workload that counts its statements (sysbench's qps and
 * its read/write/other split) or mixes operations (each apart, as YCSB's sections).
 */
class BreakdownReportTest {
  private static final List<String> OPS = List.of("point-select", "update");
  @TempDir Path dir;

  @Test
  void theProgressLineHasSysbenchsQpsAndItsSplitWhenStatementsAreCounted() {
    String line = printed(period(10, times(1, 2, 3, 4), Map.of(), new Queries(7492, 0, 1070)));
    assertEquals(
        "[ 10s ] thds: 8 tps: 4.00 qps: 8562.00 (r/w/o: 7492.00/0.00/1070.00) lat (ms,95%): 4.00"
            + " err/s: 0.00 retries/s: 0.00 period: 1.00s",
        line);
  }

  @Test
  void theProgressLineOfAMixOrOfAWorkloadThatCountsNothingIsUnchanged() {
    String plain =
        "[ 3s ] thds: 8 tps: 4.00 lat (ms,95%): 4.00 err/s: 0.00 retries/s: 0.00 period: 1.00s";
    assertEquals(plain, printed(period(3, times(1, 2, 3, 4), Map.of(), Queries.NONE)));
    String mixed =
        printed(period(3, mix(new double[] {1, 2}, new double[] {3, 4}, 0), Queries.NONE));
    assertEquals(plain, mixed);
  }

  /** A period that ran no statement says 0 once the workload has counted some: one shape. */
  @Test
  void aPeriodWithoutStatementsShowsNoQpsOnlyBeforeTheFirstThatCountedAny() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ProgressLine progress =
        new ProgressLine(new PrintStream(bytes, true, StandardCharsets.UTF_8), "");
    progress.onInterval(period(1, times(1), Map.of(), Queries.NONE));
    progress.onInterval(period(2, times(1), Map.of(), new Queries(2, 1, 1)));
    progress.onInterval(period(3, times(1), Map.of(), Queries.NONE));
    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertFalse(lines.get(0).contains("qps"), lines.get(0));
    assertTrue(lines.get(1).contains(" qps: 4.00 (r/w/o: 2.00/1.00/1.00) lat"), lines.get(1));
    assertTrue(lines.get(2).contains(" qps: 0.00 (r/w/o: 0.00/0.00/0.00) lat"), lines.get(2));
  }

  @Test
  void intervalsCsvHasTheQpsAndEachOperationsColumnsInTheWorkloadsOrder() throws IOException {
    IntervalsCsv csv = new IntervalsCsv(dir, OPS);
    csv.onInterval(
        period(1, mix(new double[] {1, 1, 2}, new double[] {10, 20}, 1), new Queries(30, 4, 6)));
    csv.onInterval(period(2, mix(new double[] {3}, new double[] {}, 0), Queries.NONE));
    csv.close();
    List<String> lines = Files.readAllLines(dir.resolve(IntervalsCsv.FILE));
    assertTrue(
        lines
            .get(0)
            .endsWith(
                ",machine_cpu_pct,qps,reads_per_s,writes_per_s,others_per_s,"
                    + "point-select_count,point-select_p50_ms,point-select_p95_ms,"
                    + "point-select_p99_ms,point-select_max_ms,point-select_declined,"
                    + "point-select_errors,update_count,update_p50_ms,update_p95_ms,update_p99_ms,"
                    + "update_max_ms,update_declined,update_errors"),
        lines.get(0));
    assertTrue(
        lines
            .get(1)
            .endsWith(
                ",40.0,40.00,30.00,4.00,6.00,3,1.000,2.001,2.001,2.001,0,0,"
                    + "2,10.002,20.005,20.005,20.005,1,2"),
        lines.get(1));
    // The second period ran no statement and no update: 0, not empty.
    assertTrue(
        lines
            .get(2)
            .endsWith(
                ",0.00,0.00,0.00,0.00,1,3.000,3.000,3.000,3.000,0,0,0,0.000,0.000,0.000,0.000,0,2"),
        lines.get(2));

    List<IntervalRow> rows = IntervalsReader.read(dir.resolve(IntervalsCsv.FILE));
    assertEquals(Optional.of(new IntervalRow.QueryRates(40, 30, 4, 6)), rows.get(0).queries());
    assertEquals(OPS, List.copyOf(rows.get(0).operations().keySet()));
    assertEquals(
        new IntervalRow.Operation(2, 10.002, 20.005, 20.005, 20.005, 1, 2),
        rows.get(0).operations().get("update"));
    assertEquals(3, requireNonNull(rows.get(0).operations().get("point-select")).count());
    assertEquals(0, requireNonNull(rows.get(1).operations().get("update")).count());
  }

  @Test
  void intervalsOfAPlainWorkloadAndOfVersionsBeforeTheQpsReadWithoutThem() throws IOException {
    IntervalsCsv csv = new IntervalsCsv(dir, List.of());
    csv.onInterval(period(1, times(1, 2), Map.of(), Queries.NONE));
    csv.close();
    IntervalRow plain = IntervalsReader.read(dir.resolve(IntervalsCsv.FILE)).get(0);
    assertEquals(Optional.empty(), plain.queries());
    assertEquals(Map.of(), plain.operations());
    Path old = dir.resolve("old.csv");
    Files.writeString(
        old,
        "t,count,tps,p50_ms,p95_ms,p99_ms,p999_ms,max_ms,retries,errors,in_doubt,declined,"
            + "client_cpu_cores,client_gc_count,client_gc_ms,machine_cpu_pct\n"
            + "1.000,2,2.00,1.000,2.000,2.000,2.000,2.000,0,0,0,0,0.500,1,2,40.0\n");
    IntervalRow before = IntervalsReader.read(old).get(0);
    assertEquals(2, before.count());
    assertEquals(Optional.empty(), before.queries());
    assertEquals(Map.of(), before.operations());
  }

  @Test
  void aWrongOperationCellOrAMissingOperationColumnIsRefusedByLine() throws IOException {
    IntervalsCsv csv = new IntervalsCsv(dir, OPS);
    csv.onInterval(period(1, mix(new double[] {1}, new double[] {2}, 0), Queries.NONE));
    csv.close();
    Path file = dir.resolve(IntervalsCsv.FILE);
    List<String> lines = Files.readAllLines(file);
    String[] cells = lines.get(1).split(",", -1);
    cells[cells.length - 2] = "1.5"; // update_declined
    Files.write(file, List.of(lines.get(0), String.join(",", cells)));
    IOException e = assertThrows(IOException.class, () -> IntervalsReader.read(file));
    assertEquals(
        file + " is corrupt: line 2: update_declined is \"1.5\", not a whole number of 0 or more",
        e.getMessage());
    Files.write(file, List.of(lines.get(0).replace(",update_p95_ms", ",update_p95"), lines.get(1)));
    e = assertThrows(IOException.class, () -> IntervalsReader.read(file));
    assertEquals(
        file + " is corrupt: its header has update_count but no column update_p95_ms",
        e.getMessage());
  }

  /** The line a new progress line prints for the period {@code s}. */
  private static String printed(IntervalStats s) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    new ProgressLine(new PrintStream(bytes, true, StandardCharsets.UTF_8), "").onInterval(s);
    return bytes.toString(StandardCharsets.UTF_8).stripTrailing();
  }
}
