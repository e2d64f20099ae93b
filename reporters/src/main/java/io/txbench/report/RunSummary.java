package io.txbench.report;

import io.txbench.core.Fingerprint;
import io.txbench.core.RunResult;
import io.txbench.core.ThresholdVerdict;
import io.txbench.core.Verification;
import java.util.List;
import java.util.Map;

/**
 * Everything the end of a run reports: what ran where ({@code server}, a short address, and {@code
 * embedded}, whether that server is one txbench started itself), through which client library
 * ({@code driver}), the client's machine and the server's settings ({@code fingerprint}, null when
 * not known), whether its iterations were transactions, the unmeasured warm-up that ran before it
 * ({@code Duration.ZERO} for none), with which options (the password already masked), what was
 * measured, what verify found, the thresholds' verdicts (empty when none were asked for), and the
 * result files that could not be written ({@code writeFailures}, empty when all were).
 */
public record RunSummary(
    String toolVersion,
    String target,
    String serverVersion,
    String driver,
    boolean embedded,
    String server,
    Fingerprint fingerprint,
    String workload,
    boolean transactions,
    int parallelism,
    java.time.Duration warmup,
    Map<String, Object> options,
    RunResult result,
    Verification verification,
    List<ThresholdVerdict> thresholds,
    String resultDirectory,
    List<String> writeFailures) {

  public RunSummary {
    thresholds = List.copyOf(thresholds);
    writeFailures = List.copyOf(writeFailures);
  }

  /**
   * The summary of a run at {@code site} just measured, before verify: its verdict "not run" until
   * verify adds it ({@link #withVerification}), no thresholds' verdicts yet.
   */
  public static RunSummary measured(
      RunSite site,
      int parallelism,
      java.time.Duration warmup,
      Map<String, Object> options,
      RunResult result,
      String resultDirectory,
      List<String> writeFailures) {
    return new RunSummary(
        io.txbench.core.ToolVersion.get(),
        site.target(),
        site.serverVersion(),
        site.driver(),
        site.embedded(),
        site.server(),
        site.fingerprint(),
        site.workload(),
        site.transactions(),
        parallelism,
        warmup,
        options,
        result,
        Verification.notRun("verify had not finished"),
        List.of(),
        resultDirectory,
        writeFailures);
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
        fingerprint,
        workload,
        transactions,
        parallelism,
        warmup,
        options,
        result,
        verdict,
        thresholds,
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
        fingerprint,
        workload,
        transactions,
        parallelism,
        warmup,
        options,
        result,
        verification,
        thresholds,
        resultDirectory,
        failures);
  }

  /** The same summary with the thresholds' verdicts. */
  public RunSummary withThresholds(List<ThresholdVerdict> verdicts) {
    return new RunSummary(
        toolVersion,
        target,
        serverVersion,
        driver,
        embedded,
        server,
        fingerprint,
        workload,
        transactions,
        parallelism,
        warmup,
        options,
        result,
        verification,
        verdicts,
        resultDirectory,
        writeFailures);
  }
}
