package io.txbench.core.thresholds;

import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.OperationStats;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.Queries;
import io.txbench.core.thresholds.Threshold.Metric;
import io.txbench.core.thresholds.Threshold.Unit;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The figure a {@link Threshold} measures in a finished run, in its unit: from the whole run, or
 * from one operation of a mix ({@link Breakdown#operations()}); NaN with the reason when the run
 * could not measure it.
 */
record ThresholdFigure(double value, Optional<String> whyNotMeasured) {

  static ThresholdFigure of(double value) {
    return new ThresholdFigure(value, Optional.empty());
  }

  static ThresholdFigure none(String why) {
    return new ThresholdFigure(Double.NaN, Optional.of(why));
  }

  boolean measured() {
    return whyNotMeasured.isEmpty();
  }

  /** {@code t}'s figure in {@code r}. */
  static ThresholdFigure of(Threshold t, RunResult r) {
    if (t.operation().isPresent()) {
      return ofOperation(t, r, t.operation().get());
    }
    Metric m = t.metric();
    Outcomes o = r.outcomes();
    return switch (m.kind()) {
      case TIME -> time(t, r.latencies().responseTimes(), "no iteration completed");
      case RATE -> m == Metric.QPS ? qps(r) : of(r.tps());
      case OUTCOME ->
          outcome(
              t,
              switch (m) {
                case ERRORS -> o.errors();
                case RETRIES -> o.retries();
                case IN_DOUBT -> o.inDoubt();
                case DECLINED -> o.declined();
                default -> throw new IllegalStateException(m + " is no outcome");
              },
              o.iterations() + o.errors() + o.inDoubt(),
              "no iteration ended");
      case VERDICT -> throw new IllegalStateException("verification is no figure");
    };
  }

  /**
   * One operation's figure: its times, its completed iterations per second of the measured window
   * (those of the grace after it included), or an outcome of its own.
   */
  private static ThresholdFigure ofOperation(Threshold t, RunResult r, String name) {
    List<String> names = List.copyOf(r.breakdown().operations().keySet());
    Optional<String> found = find(name, names);
    if (found.isEmpty()) {
      return none(noSuchOperation(name, names));
    }
    OperationStats s =
        Objects.requireNonNull(
            r.breakdown().operations().get(found.get()), "found is one of the operations' names");
    Metric m = t.metric();
    return switch (m.kind()) {
      case TIME -> time(t, s.responseTimes(), "no " + found.get() + " completed");
      case RATE -> of(r.window().perSecond(s.count()));
      case OUTCOME ->
          outcome(
              t,
              switch (m) {
                case ERRORS -> s.errors();
                case IN_DOUBT -> s.inDoubt();
                case DECLINED -> s.declined();
                default -> throw new IllegalStateException(m + " is not counted per operation");
              },
              s.count() + s.errors() + s.inDoubt(),
              "no " + found.get() + " ended");
      case VERDICT -> throw new IllegalStateException("verification is no figure");
    };
  }

  /** The name among {@code names} that {@code name} is, in any case. */
  static Optional<String> find(String name, List<String> names) {
    return names.stream().filter(n -> n.toLowerCase(Locale.ROOT).equals(name)).findFirst();
  }

  /** Why {@code name} is not an operation of a run of {@code names}. */
  static String noSuchOperation(String name, List<String> names) {
    return names.isEmpty()
        ? "no operation '"
            + name
            + "' in this run: its workload is no mix (its iterations are not told apart)"
        : "no operation '" + name + "' in this run; its operations: " + String.join(", ", names);
  }

  private static ThresholdFigure time(Threshold t, Histogram h, String whyEmpty) {
    if (h.getTotalCount() == 0) {
      return none(whyEmpty);
    }
    double nanos =
        switch (t.metric()) {
          case P50 -> h.getValueAtPercentile(50);
          case P75 -> h.getValueAtPercentile(75);
          case P90 -> h.getValueAtPercentile(90);
          case P95 -> h.getValueAtPercentile(95);
          case P99 -> h.getValueAtPercentile(99);
          case P999 -> h.getValueAtPercentile(99.9);
          case MAX -> h.getMaxValue();
          case MEAN -> h.getMean();
          default -> throw new IllegalStateException(t.metric() + " is no time");
        };
    return of(t.unit().ofNanos(nanos));
  }

  private static ThresholdFigure qps(RunResult r) {
    Queries q = r.breakdown().queries();
    return q.any()
        ? of(r.qps(q.total()))
        : none(
            "no statement counted: this workload does not count its queries (those that run"
                + " several statements an iteration do)");
  }

  /**
   * A count, or its share of the iterations that ended ({@code ended}: completed, failed or in
   * doubt). Retries are counted against the same iterations, so their share may pass 100%.
   */
  private static ThresholdFigure outcome(Threshold t, long count, long ended, String whyNoShare) {
    if (t.unit() == Unit.COUNT) {
      return of((double) count);
    }
    return ended == 0 ? none(whyNoShare) : of(count * 100.0 / ended);
  }
}
