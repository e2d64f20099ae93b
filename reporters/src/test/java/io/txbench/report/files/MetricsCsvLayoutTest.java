package io.txbench.report.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.engine.Arrivals;
import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.CompositeListener;
import io.txbench.core.engine.Crew;
import io.txbench.core.engine.ForDuration;
import io.txbench.core.engine.OpenLoop;
import io.txbench.core.engine.RunListener;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.engine.Runner;
import io.txbench.core.engine.ScriptedWorkload;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pins the legacy per-metric CSV files of a real (short) run: their names, header lines, columns,
 * number formats and units, one row per metrics period, and that their last counts are the run's.
 */
class MetricsCsvLayoutTest {
  private static final Pattern INTEGER = Pattern.compile("-?\\d+");

  /** {@code %f} in Locale.US: six decimals, no grouping. */
  private static final Pattern DECIMAL = Pattern.compile("-?\\d+\\.\\d{6}");

  private static final String METER_HEADER = "t,count,mean_rate,m1_rate,m5_rate,m15_rate,rate_unit";
  private static final String TIMER_HEADER =
      "t,count,max,mean,min,stddev,p50,p75,p95,p98,p99,"
          + "p999,mean_rate,m1_rate,m5_rate,m15_rate,rate_unit,duration_unit";
  private static final List<String> METERS =
      List.of("iterations.csv", "retries.csv", "skipped.csv");
  private static final Set<String> FILES =
      Set.of("iterations.csv", "response-time.csv", "retries.csv", "skipped.csv");

  @TempDir Path dir;

  /** The listeners that write the legacy CSV files, wired as the CLI wires them. */
  private static RunListener csvFiles(Metrics metrics, Path directory) {
    return DropwizardReporters.csv(metrics, directory);
  }

  /** Service times are in histogram.hlog, tagged: no service-time.csv, even in an open loop. */
  @Test
  void anOpenLoopWritesTheFourFilesAndNoServiceTimeFile() throws Exception {
    Layout run = run(true);
    assertEquals(FILES, run.files());
    assertEquals(FILES, Set.copyOf(MetricsCsv.FILES));
    assertTimer("response-time.csv", run);
    assertMeters(run);
  }

  @Test
  void aClosedLoopWritesTheSameFourFiles() throws Exception {
    Layout run = run(false);
    assertEquals(FILES, run.files());
    assertTimer("response-time.csv", run);
    assertMeters(run);
  }

  private void assertMeters(Layout run) throws IOException {
    for (String file : METERS) {
      List<String[]> rows = rows(file, METER_HEADER, run.periods());
      for (String[] row : rows) {
        assertEquals(7, row.length, file);
        assertTrue(INTEGER.matcher(row[0]).matches(), file + " t " + row[0]);
        assertTrue(INTEGER.matcher(row[1]).matches(), file + " count " + row[1]);
        for (int c = 2; c <= 5; c++) {
          assertTrue(DECIMAL.matcher(row[c]).matches(), file + " column " + c + ": " + row[c]);
        }
        assertEquals("events/second", row[6], file);
      }
    }
    assertEquals(run.result().outcomes().iterations(), lastCount("iterations.csv"));
    assertEquals(run.result().outcomes().retries(), lastCount("retries.csv"));
    assertEquals(run.result().outcomes().skipped(), lastCount("skipped.csv"));
    assertTrue(
        run.result().outcomes().declined() > 0
            && run.result().outcomes().retries() > 0
            && run.result().outcomes().errors() > 0,
        "the run exercises every outcome: " + run.result());
  }

  private void assertTimer(String file, Layout run) throws IOException {
    for (String[] row : rows(file, TIMER_HEADER, run.periods())) {
      assertEquals(18, row.length, file);
      assertTrue(INTEGER.matcher(row[0]).matches(), file + " t " + row[0]);
      assertTrue(INTEGER.matcher(row[1]).matches(), file + " count " + row[1]);
      for (int c = 2; c <= 15; c++) {
        assertTrue(DECIMAL.matcher(row[c]).matches(), file + " column " + c + ": " + row[c]);
      }
      assertEquals("calls/second", row[16], file);
      assertEquals("milliseconds", row[17], file);
    }
    assertEquals(run.result().outcomes().iterations(), lastCount(file));
    String[] last = rows(file, TIMER_HEADER, run.periods()).get(run.periods() - 1);
    // Durations in milliseconds: the workload takes well under a second per iteration.
    assertTrue(Double.parseDouble(last[2]) < 1_000, file + " max " + last[2]);
  }

  private List<String[]> rows(String file, String header, int periods) throws IOException {
    List<String> lines = Files.readAllLines(dir.resolve(file));
    assertEquals(header, lines.get(0), file);
    assertEquals(periods, lines.size() - 1, file + ": one row per metrics period");
    return lines.subList(1, lines.size()).stream().map(l -> l.split(",", -1)).toList();
  }

  private long lastCount(String file) throws IOException {
    List<String> lines = Files.readAllLines(dir.resolve(file));
    return Long.parseLong(lines.get(lines.size() - 1).split(",", -1)[1]);
  }

  private record Layout(RunResult result, int periods, Set<String> files) {}

  private Layout run(boolean openLoop) throws Exception {
    Metrics metrics = new Metrics(openLoop, List.of(), List.of());
    AtomicInteger periods = new AtomicInteger();
    RunListener counter =
        new RunListener() {
          @Override
          public void onInterval(IntervalStats stats) {
            periods.incrementAndGet();
          }
        };
    CompositeListener listeners = new CompositeListener(List.of(counter, csvFiles(metrics, dir)));
    Backoff noWait = new Backoff(Duration.ZERO, Duration.ZERO);
    RunOptions options =
        openLoop
            ? new RunOptions(
                2,
                new ForDuration(Duration.ofMillis(900)),
                Duration.ofMillis(250),
                1,
                0,
                7,
                noWait,
                new OpenLoop(2_000, Arrivals.UNIFORM, java.util.Optional.empty()))
            : new RunOptions(
                2,
                new ForDuration(Duration.ofMillis(900)),
                Duration.ofMillis(250),
                1,
                0,
                7,
                noWait,
                new ClosedLoop());
    RunResult result;
    try (Crew<AutoCloseable> crew = new Crew<>(outcomes(), options.parallelism())) {
      result = new Runner(options, metrics, listeners).run(crew, new Fake());
    }
    assertEquals(List.of(), listeners.failures());
    try (Stream<Path> files = Files.list(dir)) {
      return new Layout(
          result,
          periods.get(),
          files.map(f -> f.getFileName().toString()).collect(Collectors.toSet()));
    }
  }

  /** Commits, declines, and fails retryably (one retry, then an error), in turn. */
  private static ScriptedWorkload outcomes() {
    return new ScriptedWorkload(
        (attempt, worker) -> {
          long n = attempt + 1;
          if (n % 10 == 3) {
            throw new DeclinedException("sold out");
          }
          if (n % 10 == 5 || n % 10 == 6) {
            throw new IllegalStateException("could not serialize access");
          }
          Thread.sleep(0, 100_000);
        });
  }

  private static final class Fake implements Target {
    @Override
    public String serverVersion() {
      return "fake 1.0";
    }

    @Override
    public String driver() {
      return "fake driver 1.0";
    }

    @Override
    public Failure classify(Throwable error) {
      return Failure.retryable(ErrorClass.SERIALIZATION);
    }

    @Override
    public void close() {}
  }
}
