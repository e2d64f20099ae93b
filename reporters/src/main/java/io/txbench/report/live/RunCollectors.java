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
    operations(registry, watch);
    client(registry, watch);
    registry.register(LatencyCollector.iterations(watch));
  }

  /**
   * Each operation's iterations, for a mix and the analytics queries (a workload of one operation
   * has none): {@code txbench_operation_iterations_total{operation, outcome}}, and their response
   * times, {@code txbench_operation_response_time_seconds{operation}}.
   */
  private static void operations(PrometheusRegistry registry, RunWatch watch) {
    CounterWithCallback.builder()
        .name("txbench_operation_iterations")
        .help("Iterations of each operation of a mix by outcome, as txbench_iterations_total.")
        .labelNames(names("operation", "outcome"))
        .callback(
            cb -> {
              WatchedRun run = watch.current();
              Metrics m = run.metrics();
              if (m == null) {
                return;
              }
              Map<String, Long> errors = m.operationErrors();
              for (Map.Entry<String, Tally> op : m.operationTallies().entrySet()) {
                double[] counts = outcomes(op.getValue(), errors.getOrDefault(op.getKey(), 0L));
                for (int i = 0; i < counts.length; i++) {
                  cb.call(counts[i], labels(run, op.getKey(), OUTCOMES.get(i)));
                }
              }
            })
        .register(registry);
    registry.register(LatencyCollector.operations(watch));
  }

  /**
   * The run's phase and what the client used of its machine (from the periods ended so far, as the
   * engine measured them for intervals.csv), and the open loop's skipped iterations.
   */
  private static void client(PrometheusRegistry registry, RunWatch watch) {
    gauge(
        registry,
        "txbench_phase",
        "1 for the step the run is at (setup, warmup, measured, verify, done), 0 for the others.",
        "phase",
        add -> {
          WatchedRun run = watch.current();
          Phase now = watch.scrapedPhase();
          for (Phase phase : Phase.values()) {
            add.accept(List.of(labels(run, phase.label())), phase == now ? 1.0 : 0.0);
          }
        });
    counter(
        registry,
        watch,
        "txbench_skipped",
        "Open-loop iterations skipped: too late to start (--max-lag) or no worker free.",
        run -> {
          Metrics m = run.metrics();
          return m == null ? Double.NaN : m.skippedCount();
        });
    counter(
        registry,
        watch,
        "txbench_client_cpu_seconds",
        "CPU time of the txbench process (every thread) over the measured periods ended so far.",
        run -> run.metrics() == null ? Double.NaN : run.cpuSeconds());
    counter(
        registry,
        watch,
        "txbench_client_gc_seconds",
        "Time the JVM's collectors report over the measured periods ended so far.",
        run -> run.metrics() == null ? Double.NaN : run.gcSeconds());
    gauge(
        registry,
        watch,
        "txbench_client_cpu_cores",
        "CPU the txbench process used over the last period, in cores (1: one core busy).",
        WatchedRun::cpuCores);
    gauge(
        registry,
        watch,
        "txbench_machine_cpu_busy_ratio",
        "Share of all the machine's CPUs busy over the last period (every process), 0 to 1.",
        WatchedRun::machineBusy);
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
