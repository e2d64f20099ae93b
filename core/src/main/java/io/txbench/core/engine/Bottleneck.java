package io.txbench.core.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Whether txbench itself may have limited a run, and the one-line warning that says so: decided
 * here alone, from the figures alone. Two signs, either enough:
 *
 * <ul>
 *   <li>The client used more than half of the machine's cores, averaged over the measured window: a
 *       client that busy competes with a server on the same machine, and is near its own limit on
 *       another.
 *   <li>The open-loop start lag kept growing: the median start lag of each period, split into
 *       thirds of the run (at least {@value #LAG_PERIODS} periods that started an iteration), rises
 *       from each third to the next (the median of its periods' medians), and the last third's ends
 *       at {@value #LAG_FLOOR_MILLIS} ms or more and at {@value #LAG_GROWTH} times the first
 *       period's or more. A backlog that grows like that means iterations were due faster than they
 *       could be started: either the client or the server could not keep up with --rate. The CPU
 *       figure names the likelier one. A lag that starts high and settles (a cold start), or that
 *       wanders around a steady level, does not warn.
 * </ul>
 */
final class Bottleneck {
  /** The share of the machine's cores above which the client may be limiting the result. */
  static final double CORE_SHARE = 0.5;

  /** How high the start lag must end, at least, to be said to have grown (ms). */
  static final double LAG_FLOOR_MILLIS = 10;

  /** How many times the first period's lag the start lag must end at, at least. */
  static final double LAG_GROWTH = 2;

  /** How many periods with started iterations it takes to see a trend. */
  static final int LAG_PERIODS = 3;

  private Bottleneck() {}

  /**
   * The warning for a run whose measured window used {@code window}, and whose periods' median
   * start lags (ms, in order, of the periods that started an iteration; none in a closed loop) are
   * {@code lagMedians}; empty when neither sign shows.
   */
  static Optional<String> warning(ClientUsage window, List<Double> lagMedians) {
    OptionalDouble used = window.cpuCores();
    boolean saturated = used.isPresent() && used.getAsDouble() > window.cores() * CORE_SHARE;
    Optional<String> lag = grownLag(lagMedians);
    if (saturated) {
      String cpu =
          String.format(
              Locale.US,
              "the client used %.2f of %d cores (%.0f%%): txbench itself may be limiting this"
                  + " result; run it on another machine or with fewer threads",
              used.getAsDouble(),
              window.cores(),
              window.cpuPercentOfMachine().orElse(0));
      return Optional.of(
          lag.map(l -> cpu + " (and " + l + ": it could not keep up with --rate)").orElse(cpu));
    }
    return lag.map(
        l ->
            l
                + " over the run: the client or the server could not keep up with --rate"
                + (used.isEmpty()
                    ? ""
                    : String.format(
                        Locale.US,
                        ", likelier the server (the client used %.2f of %d cores)",
                        used.getAsDouble(),
                        window.cores())));
  }

  /** "the start lag grew from X to Y ms" when it kept growing (see the class), else empty. */
  private static Optional<String> grownLag(List<Double> lagMedians) {
    int n = lagMedians.size();
    if (n < LAG_PERIODS) {
      return Optional.empty();
    }
    int third = n / 3;
    double first = median(lagMedians.subList(0, third));
    double middle = median(lagMedians.subList(third, n - third));
    double last = median(lagMedians.subList(n - third, n));
    double start = lagMedians.get(0);
    if (first < middle && middle < last && last >= LAG_FLOOR_MILLIS && last >= LAG_GROWTH * start) {
      return Optional.of(
          String.format(Locale.US, "the start lag grew from %.1f to %.1f ms", start, last));
    }
    return Optional.empty();
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
