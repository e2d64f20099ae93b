package io.txbench.core.metrics;

import io.txbench.core.spi.Tally;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a run measured, once its workers have stopped: when ({@code window}), how its iterations
 * ended ({@code outcomes}) and how long they took ({@code latencies}). {@code client} is what the
 * client used of its machine from the window's start to its end, and {@code bottleneck} the warning
 * when that, or a growing start lag, says txbench itself may have limited the result (see {@link
 * Bottleneck}). {@code breakdown} holds a mix's operations and the statements run, and {@code
 * operationTallies} each operation's outcomes for verify; {@code telemetry}, what the server's and
 * the machine's own numbers told of it ({@link TelemetryFindings#NONE} when nothing sampled them).
 */
public record RunResult(
    MeasuredWindow window,
    Outcomes outcomes,
    Latencies latencies,
    ClientUsage client,
    Optional<String> bottleneck,
    Breakdown breakdown,
    Map<String, Tally> operationTallies,
    TelemetryFindings telemetry) {

  /** The same result with what the telemetry learnt of the run. */
  public RunResult withTelemetry(TelemetryFindings learnt) {
    return new RunResult(
        window, outcomes, latencies, client, bottleneck, breakdown, operationTallies, learnt);
  }

  /**
   * Statements per second of the measured window (sysbench's qps), over all the statements counted
   * ({@link Breakdown#queries()}).
   */
  public double qps(long statements) {
    return window.perSecond(statements);
  }

  /** Iterations completed (committed or declined) within the measured window, per second of it. */
  public double tps() {
    return window.perSecond(outcomes.inWindow());
  }

  /** What verify needs: the completed iterations, the declined and the uncertain ones. */
  public Tally tally() {
    return new Tally(
        outcomes.iterations(),
        outcomes.declined(),
        outcomes.inDoubt(),
        outcomes.partialErrors(),
        0,
        operationTallies);
  }

  /** The client's CPU time per iteration completed in the window, in microseconds. */
  public OptionalDouble cpuMicrosPerIteration() {
    return client.cpuMicrosPer(outcomes.inWindow());
  }
}
