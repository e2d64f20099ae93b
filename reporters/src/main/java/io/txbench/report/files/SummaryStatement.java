package io.txbench.report.files;

import io.txbench.core.metrics.StatementStats;
import io.txbench.core.spi.ErrorClass;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One element of summary.json's {@code statements} (a script's run only): a statement of the
 * scripts as pgbench's {@code -r} reports it, by its file ({@code script}), the line it starts on
 * and a short text of it; how many of its executions in the measured run succeeded ({@code count})
 * and how many failed ({@code failures}, by class in {@code failuresByClass}, absent when none),
 * and the times of those that succeeded, from sending to answer, in ms.
 */
public record SummaryStatement(
    String script,
    int line,
    String text,
    long count,
    long failures,
    @Nullable Map<String, Long> failuresByClass,
    double meanMs,
    double p50Ms,
    double p95Ms,
    double p99Ms,
    double p999Ms,
    double maxMs) {

  /** The statements of a run in their order; null for a run that timed none. */
  static @Nullable List<SummaryStatement> of(List<StatementStats> statements) {
    return statements.isEmpty() ? null : statements.stream().map(SummaryStatement::of).toList();
  }

  static SummaryStatement of(StatementStats s) {
    SummaryFile.Percentiles times = SummaryJson.percentiles(s.times());
    Map<String, Long> byClass = new LinkedHashMap<>();
    for (ErrorClass c : ErrorClass.values()) {
      Long n = s.failures().get(c);
      if (n != null) {
        byClass.put(c.label(), n);
      }
    }
    return new SummaryStatement(
        s.id().script(),
        s.id().line(),
        s.id().text(),
        s.count(),
        s.failed(),
        byClass.isEmpty() ? null : byClass,
        times.mean(),
        times.p50(),
        times.p95(),
        times.p99(),
        times.p999(),
        times.max());
  }
}
