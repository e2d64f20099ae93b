package io.txbench.report.files;

import io.txbench.core.run.RunTelemetry;

/**
 * summary.json's {@code telemetry}: whether {@code server.csv} holds the server's counters, the
 * machine's numbers and the server's processes'; the one-line warning when the server would not
 * tell all (no privilege); and why there is no commit cross-check, when there is none.
 */
public record SummaryTelemetry(
    boolean server, boolean machine, boolean serverProcesses, String warning, String commitCheck) {

  static SummaryTelemetry of(RunTelemetry t) {
    return new SummaryTelemetry(
        t.server(),
        t.machine(),
        t.serverProcesses(),
        t.warning().orElse(null),
        t.commitCheck().orElse(null));
  }
}
