package io.txbench.report.files;

import io.txbench.core.metrics.TelemetryFindings;
import org.jspecify.annotations.Nullable;

/**
 * summary.json's {@code telemetry}: whether {@code server.csv} holds the server's counters, the
 * machine's numbers and the server's processes'; the one-line warning when the server would not
 * tell all (no privilege); and why there is no commit cross-check, when there is none.
 */
public record SummaryTelemetry(
    boolean server,
    boolean machine,
    boolean serverProcesses,
    @Nullable String warning,
    @Nullable String commitCheck) {

  static SummaryTelemetry of(TelemetryFindings t) {
    return new SummaryTelemetry(
        t.server(),
        t.machine(),
        t.serverProcesses(),
        t.warning().orElse(null),
        t.commitCheck().orElse(null));
  }
}
