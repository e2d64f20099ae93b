package io.txbench.report.live;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.spi.Tally;
import java.util.Map;

/**
 * Each operation's iterations, for a mix and the analytics queries (a workload of one operation has
 * none): {@code txbench_operation_iterations_total{operation, outcome}}, and their response times,
 * {@code txbench_operation_response_time_seconds{operation}}.
 */
final class OperationCollectors {
  private OperationCollectors() {}

  static void register(PrometheusRegistry registry, RunWatch watch) {
    io.prometheus.metrics.core.metrics.CounterWithCallback.builder()
        .name("txbench_operation_iterations")
        .help("Iterations of each operation of a mix by outcome, as txbench_iterations_total.")
        .labelNames(RunCollectors.names("operation", "outcome"))
        .callback(
            cb -> {
              WatchedRun run = watch.current();
              Metrics m = run.metrics();
              if (m == null) {
                return;
              }
              Map<String, Long> errors = m.operationErrors();
              for (Map.Entry<String, Tally> op : m.operationTallies().entrySet()) {
                double[] counts =
                    RunCollectors.outcomes(op.getValue(), errors.getOrDefault(op.getKey(), 0L));
                for (int i = 0; i < counts.length; i++) {
                  cb.call(
                      counts[i],
                      RunCollectors.labels(run, op.getKey(), RunCollectors.OUTCOMES.get(i)));
                }
              }
            })
        .register(registry);
    registry.register(LatencyCollector.operations(watch));
  }
}
