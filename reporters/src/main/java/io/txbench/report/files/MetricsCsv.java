package io.txbench.report.files;

import com.codahale.metrics.Clock;
import com.codahale.metrics.MetricFilter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.RunResult;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * One CSV file per metric of {@link #METRICS}, a row per metrics period, in the format of
 * Dropwizard's {@code CsvReporter} with rates per second and durations in milliseconds, byte for
 * byte: the files the OnGres benchmark's users know. Unlike {@code CsvReporter}, which swallows its
 * write errors, a write that fails (a full disk) throws, so the run knows its results are
 * incomplete.
 */
public final class MetricsCsv implements RunListener {
  /**
   * The metrics written, each to {@code <name>.csv}: the three the OnGres tool's users read, and
   * {@code skipped}, whose per-period counts no other file holds. The registry's other metrics
   * (declined, errors, in-doubt, service-time) are per period in intervals.csv and histogram.hlog,
   * so they have no file of their own (the console and log reporters still show them).
   */
  public static final List<String> METRICS =
      List.of("iterations", DropwizardMetrics.RESPONSE_TIME, "retries", "skipped");

  /** The files written, in the order of {@link #METRICS}. */
  public static final List<String> FILES = METRICS.stream().map(m -> m + ".csv").toList();

  static final String METER_HEADER = "t,count,mean_rate,m1_rate,m5_rate,m15_rate,rate_unit";
  static final String TIMER_HEADER =
      "t,count,max,mean,min,stddev,p50,p75,p95,p98,p99,p999,"
          + "mean_rate,m1_rate,m5_rate,m15_rate,rate_unit,duration_unit";
  private static final double NANOS_PER_MILLI = TimeUnit.MILLISECONDS.toNanos(1);

  private final MetricRegistry registry;
  private final Path directory;
  private final Clock clock;
  private final Map<String, Writer> files = new LinkedHashMap<>();

  public MetricsCsv(MetricRegistry registry, Path directory) {
    this(registry, directory, Clock.defaultClock());
  }

  MetricsCsv(MetricRegistry registry, Path directory, Clock clock) {
    this.registry = registry;
    this.directory = directory;
    this.clock = clock;
  }

  @Override
  public void onInterval(IntervalStats stats) {
    long t = TimeUnit.MILLISECONDS.toSeconds(clock.getTime());
    MetricFilter written = (name, metric) -> METRICS.contains(name);
    registry
        .getMeters(written)
        .forEach(
            (name, meter) ->
                write(
                    name,
                    METER_HEADER,
                    t,
                    String.format(
                        Locale.US,
                        "%d,%f,%f,%f,%f,events/second",
                        meter.getCount(),
                        meter.getMeanRate(),
                        meter.getOneMinuteRate(),
                        meter.getFiveMinuteRate(),
                        meter.getFifteenMinuteRate())));
    registry
        .getTimers(written)
        .forEach((name, timer) -> write(name, TIMER_HEADER, t, timerRow(timer)));
  }

  private static String timerRow(Timer timer) {
    Snapshot s = timer.getSnapshot();
    return String.format(
        Locale.US,
        "%d,%f,%f,%f,%f,%f,%f,%f,%f,%f,%f,%f,%f,%f,%f,calls/second,milliseconds",
        timer.getCount(),
        ms(s.getMax()),
        ms(s.getMean()),
        ms(s.getMin()),
        ms(s.getStdDev()),
        ms(s.getMedian()),
        ms(s.get75thPercentile()),
        ms(s.get95thPercentile()),
        ms(s.get98thPercentile()),
        ms(s.get99thPercentile()),
        ms(s.get999thPercentile()),
        timer.getMeanRate(),
        timer.getOneMinuteRate(),
        timer.getFiveMinuteRate(),
        timer.getFifteenMinuteRate());
  }

  private static double ms(long nanos) {
    return ms((double) nanos);
  }

  private static double ms(double nanos) {
    return nanos / NANOS_PER_MILLI;
  }

  private void write(String metric, String header, long t, String row) {
    Path file = directory.resolve(metric + ".csv");
    try {
      Writer out = files.get(metric);
      if (out == null) {
        boolean fresh = !Files.exists(file);
        out =
            Files.newBufferedWriter(
                file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        files.put(metric, out);
        if (fresh) {
          out.write(header + "\n");
        }
      }
      out.write(t + "," + row + "\n");
      out.flush();
    } catch (IOException e) {
      throw ResultFiles.cannotWrite(file, e);
    }
  }

  @Override
  public void onEnd(RunResult result) {
    @Nullable IOException failure = null;
    @Nullable Path failed = null;
    for (Map.Entry<String, Writer> f : files.entrySet()) {
      try {
        f.getValue().close();
      } catch (IOException e) {
        failure = e;
        failed = directory.resolve(f.getKey() + ".csv");
      }
    }
    if (failure != null && failed != null) {
      throw ResultFiles.cannotWrite(failed, failure);
    }
  }
}
