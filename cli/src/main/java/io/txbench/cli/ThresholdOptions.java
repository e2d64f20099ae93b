package io.txbench.cli;

import io.txbench.cli.options.ExitCodes;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.thresholds.Threshold;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The pass/fail conditions each run is held to, read before anything connects. */
final class ThresholdOptions extends OptionGroup {
  @Option(
      names = "--threshold",
      paramLabel = "EXPR",
      // %% for a %: picocli formats descriptions.
      description =
          "Pass/fail condition checked at the end of each run (each level of a sweep), repeatable:"
              + " a time p50, p75, p90, p95, p99, p999, max, mean with its unit us, ms or s"
              + " (p99<20ms); tps (tps>=1500); qps, statements per second where the workload"
              + " counts them (qps>1000); errors, retries, in-doubt, declined: a share of the"
              + " iterations that ended (errors<0.1%%) or a count (in-doubt==0); or"
              + " verification alone. OP.METRIC (update.p99<10ms) holds an operation of a mix"
              + " to its own figure, any but retries and qps."
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

  /**
   * Refuses a threshold on an operation that {@code workload} will never run, before anything
   * connects, where its kind knows its operations from its options (--mix, a YCSB preset's, the
   * analytics queries). Any other workload's are known only once it runs; its thresholds' verdicts
   * then say what it lacked.
   */
  void checkOperations(List<Threshold> thresholds, WorkloadOptions workload) {
    java.util.Optional<List<String>> known;
    try {
      known = workload.kind().operations(workload.declared());
    } catch (IllegalArgumentException e) { // a script of --workload script that cannot run
      throw usage(String.valueOf(e.getMessage()));
    }
    if (known.isEmpty()) {
      return;
    }
    List<String> operations = known.get();
    for (Threshold threshold : thresholds) {
      threshold
          .refusalFor(operations)
          .ifPresent(
              why -> {
                throw usage("--threshold " + why);
              });
    }
  }
}
