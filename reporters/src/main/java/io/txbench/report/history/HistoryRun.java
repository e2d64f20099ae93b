package io.txbench.report.history;

import io.txbench.report.files.SummaryFile;
import java.nio.file.Path;
import java.time.Instant;

/**
 * One run of a history, as much of its summary.json as history reads: where it is, when it started,
 * its throughput and its p99 response time in ms.
 */
public record HistoryRun(Path summary, Instant start, double tps, double p99Ms, String verdict) {

  static HistoryRun of(Path summary, SummaryFile run) {
    return new HistoryRun(
        summary,
        Instant.parse(run.window().start()), // checked when read
        run.outcomes().tps(),
        run.breakdown().responseTimeMs().p99(), // checked when read
        run.verdict());
  }
}
