package io.txbench.report.live;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.Queries;
import io.txbench.core.spi.Tally;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * The series of the metrics endpoint, every one read from the run under way when scraped: the
 * engine's own counts ({@link Metrics}), never a second count kept on the workers' path. Each
 * carries the run's labels ({@link WatchedRun.Labels#NAMES}); docs/results.md lists them.
 */
final class RunCollectors {
  /** The iterations' outcomes, {@code txbench_iterations_total{outcome}}. */
  static final List<String> OUTCOMES = List.of("committed", "declined", "failed", "in_doubt");

  private RunCollectors() {}

  static void register(PrometheusRegistry registry, RunWatch watch) {
    counter(
        registry,
        watch,
        "txbench_iterations",
        "Iterations of the measured window by outcome: committed, declined (completed, a"
            + " business outcome that wrote nothing), failed, in doubt.",
        "outcome",
        (run, add) -> {
          Metrics m = run.metrics();
          long[] counts =
              m == null
                  ? new long[4]
                  : new long[] {
                    run.committed(m), m.declinedCount(), m.errorCount(), m.inDoubtCount()
                  };
          for (int i = 0; i < OUTCOMES.size(); i++) {
            add.accept(OUTCOMES.get(i), (double) counts[i]);
          }
        });
    counter(
        registry,
        watch,
        "txbench_errors",
        "Failed iterations (after their retries) by error class.",
        "error_class",
        (run, add) -> byLabel(run, Metrics::errorsByClass, ErrorClass::label, add));
    counter(
        registry,
        watch,
        "txbench_retries",
        "Retries of failed attempts by error class.",
        "error_class",
        (run, add) -> byLabel(run, Metrics::retriesByClass, ErrorClass::label, add));
    counter(
        registry,
        watch,
        "txbench_in_doubt",
        "Iterations whose outcome is unknown, by cause.",
        "cause",
        (run, add) -> byLabel(run, Metrics::inDoubtByCause, InDoubtCause::label, add));
    counter(
        registry,
        watch,
        "txbench_statements",
        "Statements sent, by kind: read, write, other.",
        "kind",
        (run, add) -> {
          Metrics m = run.metrics();
          if (m != null) {
            Queries q = m.queries();
            add.accept("read", (double) q.reads());
            add.accept("write", (double) q.writes());
            add.accept("other", (double) q.others());
          }
        });
    OperationCollectors.register(registry, watch);
    ClientCollectors.register(registry, watch);
    registry.register(LatencyCollector.iterations(watch));
  }

  /** Each constant's count, under its label, once the window opened. */
  private static <E extends Enum<E>> void byLabel(
      WatchedRun run,
      java.util.function.Function<Metrics, Map<E, Long>> counts,
      java.util.function.Function<E, String> label,
      BiConsumer<String, Double> add) {
    Metrics m = run.metrics();
    if (m != null) {
      counts.apply(m).forEach((constant, n) -> add.accept(label.apply(constant), (double) n));
    }
  }

  /**
   * A counter of the run's labels and {@code label}, whose values {@code values} gives, each under
   * its label's value.
   */
  static void counter(
      PrometheusRegistry registry,
      RunWatch watch,
      String name,
      String help,
      String label,
      BiConsumer<WatchedRun, BiConsumer<String, Double>> values) {
    CounterWithCallback.builder()
        .name(name)
        .help(help)
        .labelNames(names(label))
        .callback(
            cb -> {
              WatchedRun run = watch.current();
              values.accept(run, (value, v) -> cb.call(v, labels(run, value)));
            })
        .register(registry);
  }

  /** A counter of the run's labels alone; NaN (not measured yet) is left out. */
  static void counter(
      PrometheusRegistry registry,
      RunWatch watch,
      String name,
      String help,
      ToDoubleFunction<WatchedRun> value) {
    CounterWithCallback.builder()
        .name(name)
        .help(help)
        .labelNames(names())
        .callback(cb -> measure(watch, value, cb::call))
        .register(registry);
  }

  /** A gauge of the run's labels alone; NaN (not measured yet) is left out. */
  static void gauge(
      PrometheusRegistry registry,
      RunWatch watch,
      String name,
      String help,
      ToDoubleFunction<WatchedRun> value) {
    GaugeWithCallback.builder()
        .name(name)
        .help(help)
        .labelNames(names())
        .callback(cb -> measure(watch, value, cb::call))
        .register(registry);
  }

  /** The current run's {@code value} handed to {@code call} with its labels, unless it is NaN. */
  private static void measure(
      RunWatch watch, ToDoubleFunction<WatchedRun> value, BiConsumer<Double, String[]> call) {
    WatchedRun run = watch.current();
    double v = value.applyAsDouble(run);
    if (!Double.isNaN(v)) {
      call.accept(v, labels(run));
    }
  }

  /** A gauge of the run's labels and {@code label}, fed by {@code values}. */
  static void gauge(
      PrometheusRegistry registry,
      String name,
      String help,
      String label,
      Consumer<BiConsumer<List<String>, Double>> values) {
    GaugeWithCallback.builder()
        .name(name)
        .help(help)
        .labelNames(names(label))
        .callback(cb -> values.accept((labels, v) -> cb.call(v, labels.toArray(String[]::new))))
        .register(registry);
  }

  /** The run's label names, then {@code more}. */
  static String[] names(String... more) {
    List<String> names = new ArrayList<>(WatchedRun.Labels.NAMES);
    names.addAll(List.of(more));
    return names.toArray(String[]::new);
  }

  /** The run's label values, then {@code more}. */
  static String[] labels(WatchedRun run, String... more) {
    List<String> values = new ArrayList<>(run.labels().values());
    values.addAll(List.of(more));
    return values.toArray(String[]::new);
  }

  /** An operation's outcomes from its tally and its errors. */
  static double[] outcomes(Tally tally, long errors) {
    return new double[] {
      tally.completed() - tally.declined(), tally.declined(), errors, tally.inDoubt()
    };
  }
}
