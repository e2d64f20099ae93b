package io.txbench.report;

/** One row of {@code intervals.csv}: a metrics period's figures. */
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
    long declined) {}
