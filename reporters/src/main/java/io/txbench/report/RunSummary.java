package io.txbench.report;

import io.txbench.core.RunResult;
import io.txbench.core.Verification;
import java.util.List;
import java.util.Map;

/**
 * Everything the end of a run reports: what ran where ({@code server}, a short address, and {@code
 * embedded}, whether that server is one txbench started itself), through which client library
 * ({@code driver}), whether its iterations were transactions, the unmeasured warm-up that ran
 * before it ({@code Duration.ZERO} for none), with which options (the password already masked),
 * what was measured, what verify found, and the result files that could not be written ({@code
 * writeFailures}, empty when all were).
 */
public record RunSummary(
    String toolVersion,
    String target,
    String serverVersion,
    String driver,
    boolean embedded,
    String server,
    String workload,
    boolean transactions,
    int parallelism,
    java.time.Duration warmup,
    Map<String, Object> options,
    RunResult result,
    Verification verification,
    String resultDirectory,
    List<String> writeFailures) {

  public RunSummary {
    writeFailures = List.copyOf(writeFailures);
  }

  /** The same summary with verify's verdict. */
  public RunSummary withVerification(Verification verdict) {
    return new RunSummary(
        toolVersion,
        target,
        serverVersion,
        driver,
        embedded,
        server,
        workload,
        transactions,
        parallelism,
        warmup,
        options,
        result,
        verdict,
        resultDirectory,
        writeFailures);
  }

  /** The same summary with one more result file that could not be written. */
  public RunSummary withWriteFailure(String failure) {
    List<String> failures = new java.util.ArrayList<>(writeFailures);
    failures.add(failure);
    return new RunSummary(
        toolVersion,
        target,
        serverVersion,
        driver,
        embedded,
        server,
        workload,
        transactions,
        parallelism,
        warmup,
        options,
        result,
        verification,
        resultDirectory,
        failures);
  }
}
