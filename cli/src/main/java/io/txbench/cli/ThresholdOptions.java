package io.txbench.cli;

import io.txbench.core.Threshold;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The pass/fail conditions each run is held to, read before anything connects. */
final class ThresholdOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--threshold",
      paramLabel = "EXPR",
      // %% for a %: picocli formats descriptions.
      description =
          "Pass/fail condition checked at the end of each run (each level of a sweep), repeatable:"
              + " a time p50, p75, p90, p95, p99, p999, max, mean with its unit us, ms or s"
              + " (p99<20ms); tps (tps>=1500); errors, retries, in-doubt as a count (in-doubt==0)"
              + " or a share of the iterations that ended (errors<0.1%%); or verification alone."
              + " Comparisons: <, <=, >, >=, ==, !=. A failed one exits "
              + ExitCodes.THRESHOLD
              + ".")
  List<String> expressions = new ArrayList<>();

  /**
   * The thresholds, read; refused in one line naming the expression when it is wrong, or when the
   * command could never check it: it measures nothing, or verification is off.
   */
  List<Threshold> read(DataSteps steps) {
    List<Threshold> thresholds = new ArrayList<>();
    for (String expression : expressions) {
      Threshold threshold;
      try {
        threshold = Threshold.parse(expression);
      } catch (IllegalArgumentException e) {
        throw usage("--threshold " + e.getMessage());
      }
      if (threshold.metric() == Threshold.Metric.VERIFICATION && !steps.verify) {
        throw usage("--threshold 'verification' could never pass with --no-verify: verify is off");
      }
      thresholds.add(threshold);
    }
    if (!thresholds.isEmpty() && (steps.onlySetup || steps.drop)) {
      throw usage(
          "--threshold has nothing to check with "
              + (steps.onlySetup ? "--only-setup" : "--drop")
              + ": nothing is measured");
    }
    return List.copyOf(thresholds);
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
