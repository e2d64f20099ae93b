package io.txbench.api;

import io.txbench.core.Threshold;

/** The API's reading of {@code --threshold} expressions: core's, with the API's own refusals. */
final class Thresholds {
  private Thresholds() {}

  /** {@code expression} if it parses. */
  static String check(String expression) {
    Threshold.parse(expression);
    return expression;
  }

  /** {@code expression} parsed, refused when it asks for a verify that will not run. */
  static Threshold parse(String expression, boolean verify) {
    Threshold threshold = Threshold.parse(expression);
    if (!verify && threshold.metric() == Threshold.Metric.VERIFICATION) {
      throw new IllegalArgumentException(
          "threshold '" + expression + "': needs verify, which noVerify() turned off");
    }
    return threshold;
  }
}
