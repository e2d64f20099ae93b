package io.txbench.api;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.WorkloadKind;
import io.txbench.core.thresholds.Threshold;

/** The API's reading of {@code --threshold} expressions: core's, with the API's own refusals. */
final class Thresholds {
  private Thresholds() {}

  /**
   * {@code expression} parsed, refused when it asks for a verify that will not run, or for an
   * operation that {@code kind} with {@code values} does not have, where the kind knows its
   * operations from its options (a mix, the analytics queries); another workload's are known only
   * once it runs, and the threshold's verdict says what it lacked.
   */
  static Threshold parse(
      String expression, boolean verify, WorkloadKind kind, OptionValues values) {
    Threshold threshold = Threshold.parse(expression);
    if (!verify && threshold.metric() == Threshold.Metric.VERIFICATION) {
      throw new IllegalArgumentException(
          "threshold '" + expression + "': needs verify, which noVerify() turned off");
    }
    kind.operations(values)
        .flatMap(threshold::refusalFor)
        .ifPresent(
            why -> {
              throw new IllegalArgumentException("threshold " + why);
            });
    return threshold;
  }
}
