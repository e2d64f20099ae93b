package io.txbench.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checks of the verify phase, the same on every target: each target only reads the figures.
 * Every check compares what the run changed (after minus before), never the whole table, so that
 * the anomalies of an earlier run are not blamed on this one. What a run added must lie between
 * the iterations whose work it committed (declined iterations, such as a sold-out flight, wrote
 * nothing) and those plus the ones whose outcome is uncertain (in doubt, or failed part-way); a
 * pass with uncertain iterations says how many of them the server holds.
 */
public final class Invariants {
  private Invariants() {}

  /**
   * The airline: seats, payments and audit increments added by the run each lie within the tally;
   * when iterations are transactions ({@code atomic}), all three are equal; and no two seats sold
   * in the run share a seat number on the same flight and day ({@code repeated} counts the seats
   * of the run beyond the first with each number). A seat of the run that repeats one sold before
   * it is not counted: only data left inconsistent by an earlier run (a seat without its audit
   * increment) leads a correct transaction there. Nor may the run sell past capacity: the seats
   * over their aircraft's capacity, summed over flights and days, must not grow (a declined
   * booking of a full flight is how a correct transaction keeps it so).
   */
  public static Verification airline(AirlineCounts before, AirlineCounts after, long repeated,
      Tally tally, boolean atomic) {
    long seats = after.seats() - before.seats();
    long payments = after.payments() - before.payments();
    long increments = after.seatsOccupied() - before.seatsOccupied();
    Map<String, Long> figures = figures(tally);
    figures.put("seats_booked", seats);
    figures.put("payments", payments);
    figures.put("audit_increments", increments);
    figures.put("repeated_seat_numbers", repeated);
    long overCapacity = after.seatsOverCapacity() - before.seatsOverCapacity();
    figures.put("seats_over_capacity", overCapacity);
    List<String> anomalies = new ArrayList<>();
    within("seats", seats, tally, anomalies);
    within("payments", payments, tally, anomalies);
    within("audit increments", increments, tally, anomalies);
    if (atomic && (seats != payments || seats != increments)) {
      anomalies.add("the run added " + seats + " seats, " + payments + " payments and "
          + increments + " audit increments: a transaction was not all or nothing");
    }
    if (repeated > 0) {
      anomalies.add(repeated + " seat(s) sold in this run under a seat number this run had already"
          + " sold for that flight and day");
    }
    if (overCapacity > 0) {
      anomalies.add(overCapacity + " seat(s) sold in this run past the capacity of the flight's"
          + " aircraft on that day");
    }
    String held = atomic || (seats == payments && seats == increments)
        ? (seats - tally.applied()) + " of them"
        : (seats - tally.applied()) + " more seats, " + (payments - tally.applied())
            + " more payments and " + (increments - tally.applied())
            + " more audit increments than committed";
    return verdict(figures, anomalies, tally, held);
  }

  /** point-select: a read-only run left the rows and their update counters as they were. */
  public static Verification unchanged(long rowsBefore, long rowsAfter, long updatesBefore,
      long updatesAfter, Tally tally) {
    Map<String, Long> figures = figures(tally);
    figures.put("rows", rowsAfter);
    List<String> anomalies = rowsAfter == rowsBefore && updatesAfter == updatesBefore ? List.of()
        : List.of("the data changed during a read-only run: rows " + rowsBefore + " -> "
            + rowsAfter + ", updates " + updatesBefore + " -> " + updatesAfter);
    return Verification.of(figures, anomalies);
  }

  /** insert: the rows the run added lie within the tally. */
  public static Verification inserted(long rowsBefore, long rowsAfter, Tally tally) {
    long inserted = rowsAfter - rowsBefore;
    Map<String, Long> figures = figures(tally);
    figures.put("rows", rowsAfter);
    figures.put("inserted", inserted);
    List<String> anomalies = new ArrayList<>();
    within("rows", inserted, tally, anomalies);
    return verdict(figures, anomalies, tally, (inserted - tally.applied()) + " of them");
  }

  /** update: the update counters grew by a number within the tally. */
  public static Verification updated(long updatesBefore, long updatesAfter, Tally tally) {
    long applied = updatesAfter - updatesBefore;
    Map<String, Long> figures = figures(tally);
    figures.put("updated", applied);
    List<String> anomalies = new ArrayList<>();
    within("updates", applied, tally, anomalies);
    return verdict(figures, anomalies, tally, (applied - tally.applied()) + " of them");
  }

  private static Map<String, Long> figures(Tally tally) {
    Map<String, Long> figures = new LinkedHashMap<>();
    figures.put("committed", tally.committed());
    if (tally.declined() > 0) {
      figures.put("declined", tally.declined());
    }
    if (tally.uncertain() > 0) {
      figures.put("uncertain", tally.uncertain());
    }
    return figures;
  }

  /**
   * Checks committed work <= applied <= committed work + uncertain, in words when it does not
   * hold; the committed work is the committed iterations but the declined.
   */
  private static void within(String what, long applied, Tally tally, List<String> anomalies) {
    if (applied < tally.applied()) {
      anomalies.add("the server holds " + applied + " " + what + " from this run, fewer than the "
          + committedWork(tally) + ": committed work is missing");
    } else if (applied > tally.applied() + tally.uncertain()) {
      anomalies.add("the server holds " + applied + " " + what + " from this run, more than the "
          + committedWork(tally)
          + (tally.uncertain() > 0 ? " and " + tally.uncertain() + " uncertain" : ""));
    }
  }

  private static String committedWork(Tally tally) {
    return tally.declined() == 0 ? tally.committed() + " iterations committed"
        : tally.applied() + " iterations committed (" + tally.committed() + " but "
            + tally.declined() + " declined)";
  }

  private static Verification verdict(Map<String, Long> figures, List<String> anomalies,
      Tally tally, String held) {
    if (!anomalies.isEmpty() || tally.uncertain() == 0) {
      return Verification.of(figures, anomalies);
    }
    return Verification.of(figures, anomalies, List.of(uncertainty(tally) + ": the server holds "
        + held));
  }

  /** "3 in doubt, 1 failed part-way": the iterations whose outcome verify had to allow for. */
  public static String uncertainty(Tally tally) {
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
