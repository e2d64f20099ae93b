package io.txbench.report.live;

import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Response times of the measured periods ended so far as classic Prometheus histograms, their
 * buckets counted from the engine's HdrHistogram values: the whole iteration's ({@code
 * txbench_response_time_seconds}), or each operation's of a mix or of the analytics queries ({@code
 * txbench_operation_response_time_seconds{operation}}), from the engine's own per-operation
 * recorders as each period hands them over. Fixed buckets from 0.25 ms to 10 s, so that every
 * client's series sum; a native histogram would need the protobuf format, which the endpoint leaves
 * out.
 */
record LatencyCollector(RunWatch watch, boolean byOperation) implements Collector {
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

  /** {@code txbench_response_time_seconds}: every iteration's. */
  static LatencyCollector iterations(RunWatch watch) {
    return new LatencyCollector(watch, false);
  }

  /** {@code txbench_operation_response_time_seconds}: each operation's, none for one operation. */
  static LatencyCollector operations(RunWatch watch) {
    return new LatencyCollector(watch, true);
  }

  @Override
  public MetricSnapshot collect() {
    WatchedRun run = watch.current();
    HistogramSnapshot.Builder snapshot =
        HistogramSnapshot.builder()
            .name(
                byOperation
                    ? "txbench_operation_response_time_seconds"
                    : "txbench_response_time_seconds")
            .help(
                (byOperation
                        ? "Response time of each operation's iterations"
                        : "Response time of the iterations")
                    + " completed in the measured periods ended so far (from the intended start"
                    + " in an open loop).")
            .unit(Unit.SECONDS);
    if (run.metrics() == null) {
      return snapshot.build();
    }
    if (!byOperation) {
      return snapshot.dataPoint(point(RunCollectors.labels(run), run.responseTimes())).build();
    }
    for (Map.Entry<String, Histogram> op : run.operationResponseTimes().entrySet()) {
      snapshot.dataPoint(point(RunCollectors.labels(run, op.getKey()), op.getValue()));
    }
    return snapshot.build();
  }

  private HistogramSnapshot.HistogramDataPointSnapshot point(String[] values, Histogram h) {
    String[] names = byOperation ? RunCollectors.names("operation") : RunCollectors.names();
    return HistogramSnapshot.HistogramDataPointSnapshot.builder()
        .labels(Labels.of(names, values))
        .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS, counts(h)))
        .sum(h.getMean() * h.getTotalCount() / 1e9)
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
