package io.txbench.report.history;

import io.txbench.report.files.SummaryFile;
import java.nio.file.Path;
import java.time.Instant;

/**
 * One run of a history, as much of its summary.json as history reads: where it is, when it started,
 * its throughput, its p99 response time in ms, its verdict, and what a million of its iterations
 * cost ({@code costPerMillion}; NaN for a run given no price, or that completed none).
 */
public record HistoryRun(
    Path summary, Instant start, double tps, double p99Ms, String verdict, double costPerMillion) {

  static HistoryRun of(Path summary, SummaryFile run) {
    SummaryFile.Cost cost = run.window().cost();
    return new HistoryRun(
        summary,
        run.window().start(),
        run.outcomes().tps(),
        run.breakdown().responseTimeMs().p99(), // checked when read
        run.verdict(),
        cost == null || cost.perMillionIterations() == null
            ? Double.NaN
            : cost.perMillionIterations());
  }
}
