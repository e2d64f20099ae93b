package io.txbench.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The checks of the verify phase, the same on every target: each target only reads the figures. */
public final class Invariants {
  private Invariants() {}

  /**
   * The airline: every seat has its payment and its audit increment, no seat number is sold twice,
   * and the seats booked during the run are the iterations the runner counted.
   */
  public static Verification airline(long seats, long payments, long seatsOccupied,
      long duplicateSeats, long seatsBefore, long committed) {
    Map<String, Long> figures = new LinkedHashMap<>();
    figures.put("seats", seats);
    figures.put("payments", payments);
    figures.put("seats_occupied", seatsOccupied);
    figures.put("duplicate_seats", duplicateSeats);
    figures.put("seats_booked_in_run", seats - seatsBefore);
    List<String> anomalies = new ArrayList<>();
    if (seats != payments) {
      anomalies.add("seats (" + seats + ") differ from payments (" + payments + ")");
    }
    if (seats != seatsOccupied) {
      anomalies.add("seats (" + seats + ") differ from the audit's seats_occupied ("
          + seatsOccupied + ")");
    }
    if (duplicateSeats > 0) {
      anomalies.add(duplicateSeats + " seat number(s) sold more than once");
    }
    if (seats - seatsBefore != committed) {
      anomalies.add("seats booked in this run (" + (seats - seatsBefore)
          + ") differ from iterations committed (" + committed + ")");
    }
    return new Verification(figures, anomalies);
  }

  /** point-select: a read-only run left the rows and their update counters as they were. */
  public static Verification unchanged(long rowsBefore, long rowsAfter, long updatesBefore,
      long updatesAfter, long committed) {
    List<String> anomalies = rowsAfter == rowsBefore && updatesAfter == updatesBefore ? List.of()
        : List.of("the data changed during a read-only run: rows " + rowsBefore + " -> "
            + rowsAfter + ", updates " + updatesBefore + " -> " + updatesAfter);
    return new Verification(Map.of("rows", rowsAfter, "reads", committed), anomalies);
  }

  /** insert: the rows added are the iterations committed. */
  public static Verification inserted(long rowsBefore, long rowsAfter, long committed) {
    long inserted = rowsAfter - rowsBefore;
    List<String> anomalies = inserted == committed ? List.of()
        : List.of("rows inserted (" + inserted + ") differ from iterations committed ("
            + committed + ")");
    return new Verification(Map.of("rows", rowsAfter, "inserted", inserted), anomalies);
  }

  /** update: the update counters grew by the iterations committed. */
  public static Verification updated(long updatesBefore, long updatesAfter, long committed) {
    long applied = updatesAfter - updatesBefore;
    List<String> anomalies = applied == committed ? List.of()
        : List.of("updates applied (" + applied + ") differ from iterations committed ("
            + committed + ")");
    return new Verification(Map.of("updated", applied), anomalies);
  }
}
