package io.txbench.report.live;

import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Unit;
import org.HdrHistogram.Histogram;

/**
 * The response times of the measured periods ended so far as a classic Prometheus histogram, its
 * buckets counted from the engine's HdrHistogram values: {@code txbench_response_time_seconds}.
 * Fixed buckets from 0.25 ms to 10 s, so that every client's series sum; a native histogram would
 * need the protobuf format, which the endpoint leaves out.
 */
final class LatencyCollector implements Collector {
  /** The buckets' upper bounds, in seconds; the last is +Inf. */
  static final double[] BOUNDS = {
    0.00025,
    0.0005,
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.1,
    0.25,
    0.5,
    1,
    2.5,
    5,
    10,
    Double.POSITIVE_INFINITY
  };

  private final RunWatch watch;

  LatencyCollector(RunWatch watch) {
    this.watch = watch;
  }

  @Override
  public MetricSnapshot collect() {
    WatchedRun run = watch.current();
    HistogramSnapshot.Builder snapshot =
        HistogramSnapshot.builder()
            .name("txbench_response_time_seconds")
            .help(
                "Response time of the iterations completed in the measured periods ended so far"
                    + " (from the intended start in an open loop).")
            .unit(Unit.SECONDS);
    if (run.metrics() == null) {
      return snapshot.build();
    }
    Histogram h = run.responseTimes();
    return snapshot
        .dataPoint(
            HistogramSnapshot.HistogramDataPointSnapshot.builder()
                .labels(
                    Labels.of(
                        WatchedRun.Labels.NAMES.toArray(String[]::new),
                        run.labels().values().toArray(String[]::new)))
                .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS, counts(h)))
                .sum(h.getMean() * h.getTotalCount() / 1e9)
                .build())
        .build();
  }

  /** How many of {@code h}'s values fall in each bucket (each bucket's own, not cumulative). */
  static long[] counts(Histogram h) {
    long[] counts = new long[BOUNDS.length];
    long below = 0;
    for (int i = 0; i < BOUNDS.length - 1; i++) {
      long upTo = h.getCountBetweenValues(0, (long) (BOUNDS[i] * 1e9));
      counts[i] = upTo - below;
      below = upTo;
    }
    counts[BOUNDS.length - 1] = h.getTotalCount() - below;
    return counts;
  }
}
