package io.txbench.report.files;

import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Latencies;
import io.txbench.core.metrics.MeasuredWindow;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.Verification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;

/**
 * Result directories written by the real writers from made-up periods of one second: each period
 * holds {@code perSecond} iterations of {@code millis} ms, one retry, and the first period one
 * iteration in doubt; the client used half a core of 4 throughout.
 */
public final class FakeRuns {
  private FakeRuns() {}

  public static Path write(
      Path dir, String target, long startMillis, int seconds, int perSecond, long millis)
      throws IOException {
    return write(dir, target, startMillis, seconds, perSecond, millis, false, "127.0.0.1:5432");
  }

  /** The same, run on {@code server}, one txbench started itself when {@code embedded}. */
  public static Path write(
      Path dir,
      String target,
      long startMillis,
      int seconds,
      int perSecond,
      long millis,
      boolean embedded,
      String server)
      throws IOException {
    return write(
        dir,
        target,
        startMillis,
        seconds,
        perSecond,
        millis,
        embedded,
        server,
        Map.of(),
        Verification.of(Map.of(), List.of()));
  }

  /** The same, with {@code options} and verify's verdict {@code verification}. */
  public static Path write(
      Path dir,
      String target,
      long startMillis,
      int seconds,
      int perSecond,
      long millis,
      boolean embedded,
      String server,
      Map<String, Object> options,
      Verification verification)
      throws IOException {
    Files.createDirectories(dir);
    IntervalsCsv csv = new IntervalsCsv(dir, List.of());
    HistogramLog log = new HistogramLog(dir, false);
    log.onStart(startMillis, 4);
    Histogram total = new Histogram(3);
    for (int s = 0; s < seconds; s++) {
      Histogram h = new Histogram(3);
      h.setStartTimeStamp(startMillis + s * 1000L);
      h.setEndTimeStamp(startMillis + (s + 1) * 1000L);
      for (int i = 0; i < perSecond; i++) {
        h.recordValue(millis * 1_000_000L + i);
      }
      total.add(h);
      IntervalStats stats =
          new IntervalStats(
              (s + 1) * 1_000_000_000L,
              1_000_000_000L,
              h,
              h,
              1,
              0,
              s == 0 ? 1 : 0,
              s == 0 ? 1 : 0,
              usage(1_000_000_000L),
              4,
              s + 1 == seconds,
              Breakdown.NONE);
      csv.onInterval(stats);
      log.onInterval(stats);
    }
    RunResult result = result(startMillis, seconds, total);
    csv.onEnd(result);
    log.onEnd(result);
    writeSummary(dir, target, embedded, server, options, result, verification);
    return dir;
  }

  /**
   * A run stopped before its window opened (Ctrl-C while its sessions opened), as the writers leave
   * it: headers, no interval, a summary of 0 iterations in 0 s stopped as interrupted.
   */
  public static Path stoppedBeforeMeasuring(Path dir, String target, long startMillis)
      throws IOException {
    Files.createDirectories(dir);
    IntervalsCsv csv = new IntervalsCsv(dir, List.of());
    HistogramLog log = new HistogramLog(dir, false);
    log.onStart(startMillis, 4);
    Instant at = Instant.ofEpochMilli(startMillis);
    Map<ErrorClass, Long> none = new EnumMap<>(ErrorClass.class);
    RunResult result =
        new RunResult(
            new MeasuredWindow(at, at, 0, StopReason.INTERRUPTED),
            new Outcomes(0, 0, 0, 0, 0, 0, 0, 0, none, none, Map.of()),
            new Latencies(new Histogram(3), new Histogram(3), new Histogram(3)),
            usage(0),
            Optional.empty(),
            Breakdown.NONE,
            Map.of(),
            TelemetryFindings.NONE);
    csv.onEnd(result);
    log.onEnd(result);
    writeSummary(
        dir,
        target,
        false,
        "127.0.0.1:5432",
        Map.of(),
        result,
        Verification.notRun("the run was interrupted"));
    return dir;
  }

  /**
   * summary.json of an insert run at 4 threads on {@code target} 1.0, as the recorder writes it.
   */
  private static void writeSummary(
      Path dir,
      String target,
      boolean embedded,
      String server,
      Map<String, Object> options,
      RunResult result,
      Verification verification)
      throws IOException {
    SummaryJson.write(
        dir,
        new RunSummary(
            "1.0",
            new SystemUnderTest(
                target,
                target + " 1.0",
                target + " driver 1.0",
                embedded,
                server,
                null,
                "insert",
                false,
                false),
            4,
            WarmUp.fixed(java.time.Duration.ZERO),
            options,
            Map.of(),
            result,
            verification,
            List.of(),
            dir.toString(),
            List.of(),
            null),
        null,
        UnaryOperator.identity());
  }

  /**
   * {@code run}'s summary as it would be had the run been given a price of {@code perHour}: its
   * window priced as a run prices its own.
   */
  public static ResultDirectory priced(Path run, double perHour) throws IOException {
    Path file = run.resolve(SummaryJson.FILE);
    SummaryFile s = SummaryFile.read(file);
    SummaryFile.Window w = s.window();
    long inWindow =
        s.outcomes().iterations() - SummaryFile.orZero(s.outcomes().iterationsAfterWindow());
    new SummaryFile(
            s.identity(),
            new SummaryFile.Window(
                w.warmupSeconds(),
                w.warmupSettled(),
                w.start(),
                w.end(),
                w.measuredSeconds(),
                w.stopReason(),
                w.stoppedBeforeMeasuring(),
                new HourlyCost(perHour).summary(inWindow, w.measuredSeconds())),
            s.outcomes(),
            s.breakdown(),
            s.environment(),
            s.checks(),
            s.provenance())
        .write(file, UnaryOperator.identity());
    return ResultDirectory.load(run);
  }

  /** Half a core of 4 for {@code nanos}, one collection of 2 ms, the machine 40% busy. */
  public static ClientUsage usage(long nanos) {
    return new ClientUsage(nanos, 4, OptionalLong.of(nanos / 2), 1, 2, OptionalDouble.of(40));
  }

  /** A result of {@code seconds} from {@code startMillis}: a retry a second, one in doubt. */
  public static RunResult result(long startMillis, int seconds, Histogram total) {
    return result(startMillis, seconds, total, usage(seconds * 1_000_000_000L), Optional.empty());
  }

  /** The same, the client having used {@code client}, and txbench said {@code bottleneck}. */
  public static RunResult result(
      long startMillis,
      int seconds,
      Histogram total,
      ClientUsage client,
      Optional<String> bottleneck) {
    Map<ErrorClass, Long> counts = new EnumMap<>(ErrorClass.class);
    for (ErrorClass c : ErrorClass.values()) {
      counts.put(c, c == ErrorClass.SERIALIZATION ? (long) seconds : 0L);
    }
    Map<InDoubtCause, Long> causes = new EnumMap<>(InDoubtCause.class);
    causes.put(InDoubtCause.REPLY_LOST, 1L);
    causes.put(InDoubtCause.ABANDONED, 0L);
    return new RunResult(
        new MeasuredWindow(
            Instant.ofEpochMilli(startMillis),
            Instant.ofEpochMilli(startMillis + seconds * 1000L),
            seconds * 1_000_000_000L,
            StopReason.DURATION_ELAPSED),
        new Outcomes(total.getTotalCount(), 0, 1, seconds, 0, 0, 1, 0, counts, counts, causes),
        new Latencies(total, total, new Histogram(3)),
        client,
        bottleneck,
        Breakdown.NONE,
        Map.of(),
        TelemetryFindings.NONE);
  }
}
