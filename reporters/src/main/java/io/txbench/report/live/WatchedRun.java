package io.txbench.report.live;

import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.LatencyRecorder;
import io.txbench.core.metrics.Metrics;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.jspecify.annotations.Nullable;

/**
 * One measured run as the metrics endpoint reads it: its labels, the engine's own {@link Metrics}
 * (read when scraped, never counted twice), and what only the periods tell: the response times of
 * the periods ended so far (each operation's too) and the client's use of its machine. Workers
 * never touch it: the periods are added on the metrics thread, a scrape reads on the endpoint's.
 */
public final class WatchedRun {
  /** The labels every series of the run carries. */
  public record Labels(String target, String workload, int parallelism, String runId) {
    public static final List<String> NAMES = List.of("target", "workload", "parallelism", "run_id");

    /** Before any run: empty values. */
    static final Labels NONE = new Labels("", "", 0, "");

    /** The labels of a run whose id is its result directory's name. */
    public static Labels of(
        String target, String workload, int parallelism, @Nullable Path directory) {
      return new Labels(target, workload, parallelism, runId(directory));
    }

    /** A run's id: its result directory's name ({@code api} for a run that writes none). */
    static String runId(@Nullable Path directory) {
      if (directory == null) {
        return "api";
      }
      Path name = directory.toAbsolutePath().normalize().getFileName();
      return name == null ? directory.toString() : name.toString();
    }

    List<String> values() {
      return List.of(target, workload, parallelism == 0 ? "" : String.valueOf(parallelism), runId);
    }
  }

  private final Labels labels;
  private volatile @Nullable Metrics metrics; // none before the measured window
  private final Histogram responseTimes = LatencyRecorder.newHistogram();
  private final Map<String, Histogram> operationTimes = new LinkedHashMap<>();
  private long cpuNanos;
  private long gcMillis;
  private double cpuCores = Double.NaN;
  private double machineBusy = Double.NaN;
  private long committedShown;

  WatchedRun(Labels labels) {
    this.labels = labels;
  }

  public Labels labels() {
    return labels;
  }

  /** The engine's counts of the measured window, once it opens. */
  @Nullable Metrics metrics() {
    return metrics;
  }

  /** The measured window opens: its counts are read from {@code counts} from now on. */
  RunListener measuring(Metrics counts) {
    synchronized (this) {
      counts.operations().forEach(op -> operationTimes.put(op, LatencyRecorder.newHistogram()));
    }
    this.metrics = counts;
    return new RunListener() {
      @Override
      public void onInterval(IntervalStats stats) {
        period(stats);
      }
    };
  }

  private synchronized void period(IntervalStats stats) {
    responseTimes.add(stats.responseTimes());
    stats
        .breakdown()
        .operations()
        .forEach(
            (op, times) ->
                operationTimes
                    .computeIfAbsent(op, k -> LatencyRecorder.newHistogram())
                    .add(times.responseTimes()));
    ClientUsage client = stats.client();
    client.cpuNanos().ifPresent(n -> cpuNanos += n);
    gcMillis += client.gcMillis();
    // A period too short to measure (the last one may be a few milliseconds) keeps the figure of
    // the last one that measured it: a gauge that comes and goes reads as a broken series.
    client.cpuCores().ifPresent(cores -> cpuCores = cores);
    client.machineCpuPercent().ifPresent(percent -> machineBusy = percent / 100);
  }

  /**
   * Committed iterations (completed but not declined), never fewer than a scrape before showed: the
   * two counts are read one after the other while workers add to them.
   */
  synchronized long committed(Metrics counts) {
    long completed = counts.iterationCount();
    long committed = completed - counts.declinedCount();
    committedShown = Math.max(committedShown, committed);
    return committedShown;
  }

  /** The response times of the periods ended so far (nanoseconds), a copy. */
  synchronized Histogram responseTimes() {
    return responseTimes.copy();
  }

  /**
   * Each operation's response times over the periods ended so far (nanoseconds), copies, in the
   * workload's order: the engine's per-operation recorders' periods, added up here.
   */
  synchronized Map<String, Histogram> operationResponseTimes() {
    Map<String, Histogram> copies = new LinkedHashMap<>();
    operationTimes.forEach((op, h) -> copies.put(op, h.copy()));
    return copies;
  }

  synchronized double cpuSeconds() {
    return cpuNanos / 1e9;
  }

  synchronized double gcSeconds() {
    return gcMillis / 1e3;
  }

  /**
   * The client's CPU in cores over the last period that measured it; NaN before one, or where the
   * platform does not measure it.
   */
  synchronized double cpuCores() {
    return cpuCores;
  }

  /** The share of the machine's CPUs busy over the last period that measured it, 0 to 1. */
  synchronized double machineBusy() {
    return machineBusy;
  }
}
