package io.txbench.core;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.HdrHistogram.Histogram;

/**
 * What a run measured, once its workers have stopped. The measured window runs from {@code start}
 * to {@code end}; {@code iterations} are all the completed ones, {@code lateIterations} of them
 * completed in the short grace after the window closed (they count, but not in the throughput).
 * Every iteration that started ended one way: committed; declined, a business outcome that wrote
 * nothing such as a sold-out flight ({@code declined}, counted among the {@code iterations}); an
 * error (rolled back, or with partial effects when it had no transaction); in doubt; or rolled back
 * unseen when a stop came before a retry. {@code client} is what the client used of its machine
 * from the window's start to its end, and {@code bottleneck} the warning when that, or a growing
 * start lag, says txbench itself may have limited the result (see {@link Bottleneck}). {@code
 * breakdown} holds a mix's operations and the statements run, and {@code operationTallies} each
 * operation's outcomes for verify; {@code telemetry}, what the server's and the machine's own
 * numbers told of it ({@link RunTelemetry#NONE} when nothing sampled them).
 */
public record RunResult(
    Instant start,
    Instant end,
    long measuredNanos,
    long iterations,
    long lateIterations,
    long declined,
    long retries,
    long errors,
    long partialErrors,
    long inDoubt,
    Map<ErrorClass, Long> retriesByClass,
    Map<ErrorClass, Long> errorsByClass,
    Map<InDoubtCause, Long> inDoubtByCause,
    Histogram responseTimes,
    Histogram serviceTimes,
    Histogram scheduleLags,
    long skipped,
    StopReason stopReason,
    ClientUsage client,
    Optional<String> bottleneck,
    Breakdown breakdown,
    Map<String, Tally> operationTallies,
    RunTelemetry telemetry) {

  /** A run of a workload that records no operations or statements apart. */
  public RunResult(
      Instant start,
      Instant end,
      long measuredNanos,
      long iterations,
      long lateIterations,
      long declined,
      long retries,
      long errors,
      long partialErrors,
      long inDoubt,
      Map<ErrorClass, Long> retriesByClass,
      Map<ErrorClass, Long> errorsByClass,
      Map<InDoubtCause, Long> inDoubtByCause,
      Histogram responseTimes,
      Histogram serviceTimes,
      Histogram scheduleLags,
      long skipped,
      StopReason stopReason,
      ClientUsage client,
      Optional<String> bottleneck) {
    this(
        start,
        end,
        measuredNanos,
        iterations,
        lateIterations,
        declined,
        retries,
        errors,
        partialErrors,
        inDoubt,
        retriesByClass,
        errorsByClass,
        inDoubtByCause,
        responseTimes,
        serviceTimes,
        scheduleLags,
        skipped,
        stopReason,
        client,
        bottleneck,
        Breakdown.NONE,
        Map.of(),
        RunTelemetry.NONE);
  }

  /** The same result with what the telemetry learnt of the run. */
  public RunResult withTelemetry(RunTelemetry learnt) {
    return new RunResult(
        start,
        end,
        measuredNanos,
        iterations,
        lateIterations,
        declined,
        retries,
        errors,
        partialErrors,
        inDoubt,
        retriesByClass,
        errorsByClass,
        inDoubtByCause,
        responseTimes,
        serviceTimes,
        scheduleLags,
        skipped,
        stopReason,
        client,
        bottleneck,
        breakdown,
        operationTallies,
        learnt);
  }

  /**
   * Statements per second of the measured window (sysbench's qps), over all the statements counted
   * ({@link Breakdown#queries()}).
   */
  public double qps(long statements) {
    return measuredNanos <= 0 ? 0 : statements * 1e9 / measuredNanos;
  }

  public double measuredSeconds() {
    return measuredNanos / 1e9;
  }

  /** Iterations completed (committed or declined) within the measured window, per second of it. */
  public double tps() {
    return measuredNanos <= 0 ? 0 : (iterations - lateIterations) * 1e9 / measuredNanos;
  }

  /** What verify needs: the completed iterations, the declined and the uncertain ones. */
  public Tally tally() {
    return new Tally(iterations, declined, inDoubt, partialErrors, 0, operationTallies);
  }

  /** The client's CPU time per iteration completed in the window, in microseconds. */
  public OptionalDouble cpuMicrosPerIteration() {
    return client.cpuMicrosPer(iterations - lateIterations);
  }

  public double percentileMillis(double percentile) {
    return responseTimes.getTotalCount() == 0
        ? 0
        : responseTimes.getValueAtPercentile(percentile) / 1e6;
  }

  public double maxMillis() {
    return responseTimes.getTotalCount() == 0 ? 0 : responseTimes.getMaxValue() / 1e6;
  }
}
