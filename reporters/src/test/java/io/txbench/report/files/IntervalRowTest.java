package io.txbench.report.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * intervals.csv's columns, each of a row's figures in its own place though the row is made of
 * parts: every figure differs, so that two swapped or one dropped shows.
 */
class IntervalRowTest {
  @TempDir Path dir;

  @Test
  void everyFigureOfARowIsWrittenInItsColumnAndReadsBack() throws IOException {
    IntervalRow row =
        new IntervalRow(
            1.5,
            40,
            26.5,
            new IntervalRow.Times(1.125, 2.25, 3.5, 4.75, 5.875),
            new IntervalRow.Outcomes(6, 7, 8, 9),
            new IntervalRow.ClientUse(
                OptionalDouble.of(0.625),
                OptionalLong.of(10),
                OptionalLong.of(11),
                OptionalDouble.of(12.5)),
            Optional.of(new IntervalRow.QueryRates(13.25, 14.5, 15.75, 16.25)),
            Map.of("book", new IntervalRow.Operation(17, 18.125, 19.25, 20.375, 21.5, 22, 23)));
    IntervalsCsv csv = new IntervalsCsv(dir, List.of("book"));
    csv.write(row);
    csv.onEnd(FakeRuns.result(0, 1, new Histogram(3)));
    Path file = dir.resolve(IntervalsCsv.FILE);
    assertEquals(
        List.of(
            "t,count,tps,p50_ms,p95_ms,p99_ms,p999_ms,max_ms,retries,errors,in_doubt,declined,"
                + "client_cpu_cores,client_gc_count,client_gc_ms,machine_cpu_pct,"
                + "qps,reads_per_s,writes_per_s,others_per_s,"
                + "book_count,book_p50_ms,book_p95_ms,book_p99_ms,book_max_ms,book_declined,"
                + "book_errors",
            "1.500,40,26.50,1.125,2.250,3.500,4.750,5.875,6,7,8,9,0.625,10,11,12.5,"
                + "13.25,14.50,15.75,16.25,17,18.125,19.250,20.375,21.500,22,23"),
        Files.readAllLines(file));
    assertEquals(List.of(row), IntervalsReader.read(file));
  }
}
