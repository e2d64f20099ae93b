package io.txbench.report.live;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.txbench.core.metrics.Metrics;
import java.util.List;

/**
 * The run's phase and what the client used of its machine (from the periods ended so far, as the
 * engine measured them for intervals.csv), and the open loop's skipped iterations.
 */
final class ClientCollectors {
  private ClientCollectors() {}

  static void register(PrometheusRegistry registry, RunWatch watch) {
    RunCollectors.gauge(
        registry,
        "txbench_phase",
        "1 for the step the run is at (setup, warmup, measured, verify, done), 0 for the others.",
        "phase",
        add -> {
          WatchedRun run = watch.current();
          Phase now = watch.scrapedPhase();
          for (Phase phase : Phase.values()) {
            List<String> labels = List.of(RunCollectors.labels(run, phase.label()));
            add.accept(labels, phase == now ? 1.0 : 0.0);
          }
        });
    RunCollectors.counter(
        registry,
        watch,
        "txbench_skipped",
        "Open-loop iterations skipped: too late to start (--max-lag) or no worker free.",
        run -> {
          Metrics m = run.metrics();
          return m == null ? Double.NaN : m.skippedCount();
        });
    RunCollectors.counter(
        registry,
        watch,
        "txbench_client_cpu_seconds",
        "CPU time of the txbench process (every thread) over the measured periods ended so far.",
        run -> run.metrics() == null ? Double.NaN : run.cpuSeconds());
    RunCollectors.counter(
        registry,
        watch,
        "txbench_client_gc_seconds",
        "Time the JVM's collectors report over the measured periods ended so far.",
        run -> run.metrics() == null ? Double.NaN : run.gcSeconds());
    RunCollectors.gauge(
        registry,
        watch,
        "txbench_client_cpu_cores",
        "CPU the txbench process used over the last period, in cores (1: one core busy).",
        WatchedRun::cpuCores);
    RunCollectors.gauge(
        registry,
        watch,
        "txbench_machine_cpu_busy_ratio",
        "Share of all the machine's CPUs busy over the last period (every process), 0 to 1.",
        WatchedRun::machineBusy);
  }
}
