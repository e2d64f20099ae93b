package io.txbench.report;

import io.txbench.core.ClientUsage;
import io.txbench.core.IntervalStats;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;

/**
 * One row of {@code intervals.csv}: a metrics period's figures. The client's are empty where they
 * were not measured: in files written before txbench measured them, in a merge's, and the CPU where
 * the platform does not give it.
 */
public record IntervalRow(
    double t,
    long count,
    double tps,
    double p50,
    double p95,
    double p99,
    double p999,
    double max,
    long retries,
    long errors,
    long inDoubt,
    long declined,
    OptionalDouble clientCpuCores,
    OptionalLong clientGcCount,
    OptionalLong clientGcMillis,
    OptionalDouble machineCpuPercent) {

  /** The row of a run's period. */
  static IntervalRow of(IntervalStats s) {
    return of(
        s.elapsedNanos(),
        s.intervalNanos(),
        s.responseTimes(),
        s.retries(),
        s.errors(),
        s.inDoubt(),
        s.declined(),
        Optional.of(s.client()));
  }

  /**
   * The row of a period that ended {@code elapsedNanos} after the start and lasted {@code
   * intervalNanos}, whose iterations' response times (ns) are {@code responseTimes}, and in which
   * the client used {@code client} (none for a merge's: see {@link RunMerger}).
   */
  static IntervalRow of(
      long elapsedNanos,
      long intervalNanos,
      Histogram responseTimes,
      long retries,
      long errors,
      long inDoubt,
      long declined,
      Optional<ClientUsage> client) {
    long count = responseTimes.getTotalCount();
    return new IntervalRow(
        elapsedNanos / 1e9,
        count,
        intervalNanos <= 0 ? 0 : count * 1e9 / intervalNanos,
        ms(responseTimes, 50),
        ms(responseTimes, 95),
        ms(responseTimes, 99),
        ms(responseTimes, 99.9),
        count == 0 ? 0 : responseTimes.getMaxValue() / 1e6,
        retries,
        errors,
        inDoubt,
        declined,
        client.map(ClientUsage::cpuCores).orElse(OptionalDouble.empty()),
        client.map(c -> OptionalLong.of(c.gcCount())).orElse(OptionalLong.empty()),
        client.map(c -> OptionalLong.of(c.gcMillis())).orElse(OptionalLong.empty()),
        client.map(ClientUsage::machineCpuPercent).orElse(OptionalDouble.empty()));
  }

  private static double ms(Histogram h, double percentile) {
    return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1e6;
  }
}
