package io.txbench.core.workloads;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The airline: the OnGres benchmark's ACID ticket purchase. An iteration books one seat on a random
 * flight of the next {@code --day-range} days: it reads the seats taken, inserts a seat and a
 * payment, and increments the flight's audit, in one transaction.
 */
public final class Airline extends NamedKind {
  public static final String NAME = "airline";

  public static final DeclaredOption<Long> DAY_RANGE =
      DeclaredOption.between(
          "--day-range",
          "DAYS",
          "book flights over this many days (1 to 3650); fewer days, more contention.",
          1,
          1,
          3_650);

  public static final DeclaredOption<Long> SCHEDULES =
      DeclaredOption.between(
          "--schedules",
          "N",
          "book only on the first N of the 15,000 flight schedules (0, or more than were loaded:"
              + " all); fewer schedules, more contention.",
          0,
          0,
          Long.MAX_VALUE);

  public static final DeclaredOption<Duration> BOOKING_SLEEP =
      DeclaredOption.between(
          "--booking-sleep",
          "TIME",
          "pause between the read and the writes; up to 1m.",
          Duration.ZERO,
          Duration.ZERO,
          Duration.ofMinutes(1));

  public Airline() {
    super(NAME, "ACID ticket purchase");
  }

  @Override
  public String dataSet() {
    return NAME;
  }

  @Override
  public List<DeclaredOption<?>> options() {
    return List.of(DISABLE_TRANSACTION, DAY_RANGE, SCHEDULES, BOOKING_SLEEP);
  }

  @Override
  public boolean transactional() {
    return true;
  }

  /**
   * The airline's invariants: seats, payments and audit increments added by the run each lie within
   * the tally; when iterations are transactions ({@code atomic}), all three are equal; and no two
   * seats sold in the run share a seat number on the same flight and day ({@code repeated} counts
   * the seats of the run beyond the first with each number). A seat of the run that repeats one
   * sold before it is not counted: only data left inconsistent by an earlier run (a seat without
   * its audit increment) leads a correct transaction there. Nor may the run sell past capacity: the
   * seats over their aircraft's capacity, summed over flights and days, must not grow (a declined
   * booking of a full flight is how a correct transaction keeps it so).
   */
  public Verification verify(
      AirlineCounts before, AirlineCounts after, long repeated, Tally tally, boolean atomic) {
    long seats = after.seats() - before.seats();
    long payments = after.payments() - before.payments();
    long increments = after.seatsOccupied() - before.seatsOccupied();
    Map<String, Long> figures = Invariants.figures(tally);
    figures.put("seats_booked", seats);
    figures.put("payments", payments);
    figures.put("audit_increments", increments);
    figures.put("repeated_seat_numbers", repeated);
    long overCapacity = after.seatsOverCapacity() - before.seatsOverCapacity();
    figures.put("seats_over_capacity", overCapacity);
    List<String> anomalies = new ArrayList<>();
    Invariants.within("seats", seats, tally, anomalies);
    Invariants.within("payments", payments, tally, anomalies);
    Invariants.within("audit increments", increments, tally, anomalies);
    if (atomic && (seats != payments || seats != increments)) {
      anomalies.add(
          "the run added "
              + seats
              + " seats, "
              + payments
              + " payments and "
              + increments
              + " audit increments: a transaction was not all or nothing");
    }
    if (repeated > 0) {
      anomalies.add(
          repeated
              + " seat(s) sold in this run under a seat number this run had already"
              + " sold for that flight and day");
    }
    if (overCapacity > 0) {
      anomalies.add(
          overCapacity
              + " seat(s) sold in this run past the capacity of the flight's"
              + " aircraft on that day");
    }
    String held =
        atomic || (seats == payments && seats == increments)
            ? (seats - tally.applied()) + " of them"
            : (seats - tally.applied())
                + " more seats, "
                + (payments - tally.applied())
                + " more payments and "
                + (increments - tally.applied())
                + " more audit increments than committed";
    return Invariants.verdict(figures, anomalies, tally, held);
  }
}
