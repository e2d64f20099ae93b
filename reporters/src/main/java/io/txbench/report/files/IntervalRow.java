package io.txbench.report.files;

import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.OperationStats;
import io.txbench.core.spi.Queries;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;

/**
 * One row of {@code intervals.csv}: a metrics period's figures. The client's are empty where they
 * were not measured: in files written before txbench measured them, in a merge's, and the CPU where
 * the platform does not give it. {@code queries} are the statements per second of a workload that
 * counts them (empty for the others, in a merge's and in older files), {@code operations} each
 * operation of a mix in the workload's order (empty for the others).
 */
public record IntervalRow(
    double t,
    long count,
    double tps,
    Times ms,
    Outcomes outcomes,
    ClientUse client,
    Optional<QueryRates> queries,
    Map<String, Operation> operations) {

  public IntervalRow {
    operations = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(operations));
  }

  /** The period's response times' percentiles and max, in ms. */
  public record Times(double p50, double p95, double p99, double p999, double max) {}

  /** The period's retries, and its failed, in-doubt and declined iterations. */
  public record Outcomes(long retries, long errors, long inDoubt, long declined) {
    /** These and {@code o}'s, added up: two clients' in the same period. */
    public Outcomes plus(Outcomes o) {
      return new Outcomes(
          retries + o.retries, errors + o.errors, inDoubt + o.inDoubt, declined + o.declined);
    }
  }

  /**
   * What the client used in the period: its CPU in cores, its garbage collections and their time,
   * and how busy the machine's CPUs were (%); each empty where it was not measured.
   */
  public record ClientUse(
      OptionalDouble cpuCores,
      OptionalLong gcCount,
      OptionalLong gcMillis,
      OptionalDouble machineCpuPercent) {

    /** Nothing measured: a merge's period, or one of a file written before. */
    static final ClientUse NONE =
        new ClientUse(
            OptionalDouble.empty(),
            OptionalLong.empty(),
            OptionalLong.empty(),
            OptionalDouble.empty());
  }

  /** Statements per second in a period, all of them ({@code qps}) and by sysbench's kinds. */
  public record QueryRates(double qps, double reads, double writes, double others) {}

  /**
   * One operation of a mix in a period: its completed iterations (the declined among them), its
   * response times' percentiles and max in ms, and its failed iterations.
   */
  public record Operation(
      long count, double p50, double p95, double p99, double max, long declined, long errors) {}

  /**
   * The row of a run's period; its statements' rates when it counted any, or when {@code
   * countsQueries} (a workload that counts them, in a period that ran none: 0, not empty).
   */
  public static IntervalRow of(IntervalStats s, boolean countsQueries) {
    Queries q = s.breakdown().queries();
    Optional<QueryRates> rates =
        q.any() || countsQueries
            ? Optional.of(
                new QueryRates(
                    s.qps(q.total()), s.qps(q.reads()), s.qps(q.writes()), s.qps(q.others())))
            : Optional.empty();
    Map<String, Operation> operations = new LinkedHashMap<>();
    s.breakdown().operations().forEach((name, op) -> operations.put(name, operation(op)));
    return of(
        s.elapsedNanos(),
        s.intervalNanos(),
        s.responseTimes(),
        new Outcomes(s.retries(), s.errors(), s.inDoubt(), s.declined()),
        clientUse(s.client()),
        rates,
        operations);
  }

  private static ClientUse clientUse(ClientUsage c) {
    return new ClientUse(
        c.cpuCores(),
        OptionalLong.of(c.gcCount()),
        OptionalLong.of(c.gcMillis()),
        c.machineCpuPercent());
  }

  private static Operation operation(OperationStats op) {
    return new Operation(
        op.count(),
        op.percentileMillis(50),
        op.percentileMillis(95),
        op.percentileMillis(99),
        op.maxMillis(),
        op.declined(),
        op.errors());
  }

  /**
   * The row of a merge's period, which ended {@code elapsedNanos} after the start and lasted {@code
   * intervalNanos}, whose iterations' response times (ns) are {@code responseTimes}: no client
   * figures (see {@code RunMerger}), statements or operations.
   */
  public static IntervalRow merged(
      long elapsedNanos, long intervalNanos, Histogram responseTimes, Outcomes outcomes) {
    return of(
        elapsedNanos,
        intervalNanos,
        responseTimes,
        outcomes,
        ClientUse.NONE,
        Optional.empty(),
        Map.of());
  }

  /** The row of a period that ended {@code elapsedNanos} after the start. */
  private static IntervalRow of(
      long elapsedNanos,
      long intervalNanos,
      Histogram responseTimes,
      Outcomes outcomes,
      ClientUse client,
      Optional<QueryRates> queries,
      Map<String, Operation> operations) {
    long count = responseTimes.getTotalCount();
    return new IntervalRow(
        elapsedNanos / 1e9,
        count,
        intervalNanos <= 0 ? 0 : count * 1e9 / intervalNanos,
        new Times(
            ms(responseTimes, 50),
            ms(responseTimes, 95),
            ms(responseTimes, 99),
            ms(responseTimes, 99.9),
            count == 0 ? 0 : responseTimes.getMaxValue() / 1e6),
        outcomes,
        client,
        queries,
        operations);
  }

  private static double ms(Histogram h, double percentile) {
    return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1e6;
  }
}
