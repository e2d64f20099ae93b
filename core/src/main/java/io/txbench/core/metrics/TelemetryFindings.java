package io.txbench.core.metrics;

import io.txbench.core.spi.server.ServerCommits;
import java.util.Optional;

/**
 * What a measured run learnt beside its own counts: whether {@code server.csv} holds the server's
 * counters ({@code server}), the machine's numbers ({@code machine}) and the server's processes'
 * ({@code serverProcesses}); the one-line {@code warning} when the server would not tell all of
 * them (no privilege); the commit cross-check ({@code commits}), or why there is none ({@code
 * commitCheck}: it does not apply, or could not be made).
 */
public record TelemetryFindings(
    boolean server,
    boolean machine,
    boolean serverProcesses,
    Optional<String> warning,
    Optional<ServerCommits> commits,
    Optional<String> commitCheck) {

  /** A run that sampled nothing (a result made without a benchmark, a test's). */
  public static final TelemetryFindings NONE =
      new TelemetryFindings(
          false, false, false, Optional.empty(), Optional.empty(), Optional.empty());

  /** The same with the commit cross-check's result, or why there is none. */
  public TelemetryFindings withCommits(Optional<ServerCommits> check, Optional<String> why) {
    return new TelemetryFindings(server, machine, serverProcesses, warning, check, why);
  }
}
