package io.txbench.core.workloads;

import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the checks of the verify phase share, the same on every target and every kind (each kind in
 * {@code io.txbench.core.workloads} holds its own checks; each target only reads the figures).
 * Every check compares what the run changed (after minus before), never the whole table, so that
 * the anomalies of an earlier run are not blamed on this one. What a run added must lie between the
 * iterations whose work it committed (declined iterations, such as a sold-out flight, wrote
 * nothing) and those plus the ones whose outcome is uncertain (in doubt, or failed part-way); a
 * pass with uncertain iterations says how many of them the server holds.
 */
public final class Invariants {
  private Invariants() {}

  /** The figures every verdict starts with: the committed, declined and uncertain iterations. */
  public static Map<String, Long> figures(Tally tally) {
    Map<String, Long> figures = new LinkedHashMap<>();
    figures.put("committed", tally.completed());
    if (tally.declined() > 0) {
      figures.put("declined", tally.declined());
    }
    if (tally.uncertain() > 0) {
      figures.put("uncertain", tally.uncertain());
    }
    return figures;
  }

  /**
   * Checks committed work <= applied <= committed work + uncertain, in words when it does not hold;
   * the committed work is the committed iterations but the declined.
   */
  public static void within(String what, long applied, Tally tally, List<String> anomalies) {
    if (applied < tally.applied()) {
      anomalies.add(
          "the server holds "
              + applied
              + " "
              + what
              + " from this run, fewer than the "
              + committedWork(tally)
              + ": committed work is missing");
    } else if (applied > tally.applied() + tally.uncertain()) {
      anomalies.add(
          "the server holds "
              + applied
              + " "
              + what
              + " from this run, more than the "
              + committedWork(tally)
              + (tally.uncertain() > 0 ? " and " + tally.uncertain() + " uncertain" : ""));
    }
  }

  private static String committedWork(Tally tally) {
    return tally.declined() == 0
        ? tally.completed() + " iterations committed"
        : tally.applied()
            + " iterations committed ("
            + tally.completed()
            + " but "
            + tally.declined()
            + " declined)";
  }

  /**
   * The verdict on {@code anomalies}; when there are none and some iterations were uncertain, a
   * note that says how many of them the server holds ({@code held}).
   */
  public static Verification verdict(
      Map<String, Long> figures, List<String> anomalies, Tally tally, String held) {
    if (!anomalies.isEmpty() || tally.uncertain() == 0) {
      return Verification.of(figures, anomalies);
    }
    return Verification.of(
        figures, anomalies, List.of(uncertainty(tally) + ": the server holds " + held));
  }

  /** "3 in doubt, 1 failed part-way": the iterations whose outcome verify had to allow for. */
  private static String uncertainty(Tally tally) {
    List<String> parts = new ArrayList<>();
    if (tally.inDoubt() > 0) {
      parts.add(tally.inDoubt() + " in doubt");
    }
    if (tally.partial() > 0) {
      parts.add(tally.partial() + " failed part-way");
    }
    if (tally.unsettledBefore() > 0) {
      parts.add(tally.unsettledBefore() + " in doubt from an earlier run");
    }
    return String.join(", ", parts);
  }
}
