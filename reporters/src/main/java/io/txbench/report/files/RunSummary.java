package io.txbench.report.files;

import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.OptionRole;
import io.txbench.core.spi.Verification;
import io.txbench.core.thresholds.ThresholdVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Everything the end of a run reports: which txbench ran it ({@code toolVersion}), where ({@code
 * site}), with how many workers ({@code parallelism}), after which unmeasured warm-up ({@code
 * warmup}), with which options (the password already masked) and the roles of those that have one
 * ({@code optionRoles}, by name), what was measured, what verify found, the thresholds' verdicts
 * (empty when none were asked for), the result files that could not be written ({@code
 * writeFailures}, empty when all were), and what the system under test costs an hour ({@code cost};
 * null when no price was given).
 */
public record RunSummary(
    String toolVersion,
    SystemUnderTest site,
    int parallelism,
    WarmUp warmup,
    Map<String, Object> options,
    Map<String, OptionRole> optionRoles,
    RunResult result,
    Verification verification,
    List<ThresholdVerdict> thresholds,
    @Nullable String resultDirectory,
    List<String> writeFailures,
    @Nullable HourlyCost cost) {

  public RunSummary {
    optionRoles = Map.copyOf(optionRoles);
    thresholds = List.copyOf(thresholds);
    writeFailures = List.copyOf(writeFailures);
  }

  /** The same summary with verify's verdict and the thresholds'. */
  public RunSummary withVerdicts(Verification verdict, List<ThresholdVerdict> verdicts) {
    return with(verdict, verdicts, writeFailures);
  }

  /** The same summary with one more result file that could not be written. */
  public RunSummary withWriteFailure(String failure) {
    List<String> failures = new ArrayList<>(writeFailures);
    failures.add(failure);
    return with(verification, thresholds, failures);
  }

  private RunSummary with(
      Verification verdict, List<ThresholdVerdict> verdicts, List<String> failures) {
    return new RunSummary(
        toolVersion,
        site,
        parallelism,
        warmup,
        options,
        optionRoles,
        result,
        verdict,
        verdicts,
        resultDirectory,
        failures,
        cost);
  }
}
