package io.txbench.api;

import io.txbench.core.spi.values.Range;
import io.txbench.report.live.ListenAddress;

/** The builder's one-line refusals, each naming the setting as the builder's method names it. */
final class Checks {
  private Checks() {}

  static String required(String what, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(what + ": must not be empty");
    }
    return value;
  }

  /** {@code value} in {@code range}, else refused. */
  static <T extends Comparable<? super T>> T within(String what, Range<T> range, T value) {
    if (value == null) {
      throw new IllegalArgumentException(what + ": must not be null");
    }
    try {
      return range.check(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
    }
  }

  /** {@code value} read as {@code [HOST:]PORT}, as the command line reads it. */
  static ListenAddress address(String what, String value) {
    return ListenAddress.parse(what + ":", required(what, value));
  }
}
