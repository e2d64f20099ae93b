package io.txbench.core.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import org.junit.jupiter.api.Test;

/** Verification catches each planted anomaly, and only those; it counts only what the run did. */
class InvariantsTest {
  private static final Airline AIRLINE = new Airline();
  private static final Insert INSERT = new Insert();
  private static final Update UPDATE = new Update();
  private static final PointSelect POINT_SELECT = new PointSelect();
  private static final AirlineCounts BEFORE = new AirlineCounts(100, 100, 100, 0);

  private static AirlineCounts after(long seats, long payments, long occupied) {
    return new AirlineCounts(seats, payments, occupied, 0);
  }

  @Test
  void aConsistentAirlinePasses() {
    Verification v =
        AIRLINE.verify(BEFORE, after(500, 500, 500), 0, new Tally(400, 0, 0, 0, 0), true);
    assertTrue(v.passed(), v.anomalies().toString());
    assertEquals(400L, v.figures().get("seats_booked"));
    assertTrue(v.notes().isEmpty());
  }

  @Test
  void eachAirlineAnomalyIsReported() {
    Tally t = new Tally(400, 0, 0, 0, 0);
    assertFalse(AIRLINE.verify(BEFORE, after(500, 499, 500), 0, t, true).passed());
    assertFalse(AIRLINE.verify(BEFORE, after(500, 500, 498), 0, t, true).passed());
    Verification repeated = AIRLINE.verify(BEFORE, after(500, 500, 500), 3, t, true);
    assertEquals(1, repeated.anomalies().size());
    assertTrue(repeated.anomalies().get(0).startsWith("3 seat(s) sold in this run"));
    Verification miscounted =
        AIRLINE.verify(BEFORE, after(500, 500, 500), 0, new Tally(401, 0, 0, 0, 0), true);
    assertTrue(
        miscounted.anomalies().get(0).contains("committed work is missing"),
        miscounted.anomalies().toString());
  }

  @Test
  void declinedIterationsWroteNothingAndSeatsPastCapacityAreAnAnomaly() {
    // 400 iterations, 30 of them on a sold-out flight: 370 bookings.
    Tally t = new Tally(400, 30, 0, 0, 0);
    Verification v = AIRLINE.verify(BEFORE, after(470, 470, 470), 0, t, true);
    assertTrue(v.passed(), v.anomalies().toString());
    assertEquals(30L, v.figures().get("declined"));
    assertEquals(0L, v.figures().get("seats_over_capacity"));
    Verification counted = AIRLINE.verify(BEFORE, after(500, 500, 500), 0, t, true);
    assertTrue(
        counted.anomalies().get(0).contains("more than the 370 iterations committed"),
        counted.anomalies().toString());
    // An earlier run left 2 seats past capacity; this one added 3 more.
    Verification oversold =
        AIRLINE.verify(
            new AirlineCounts(100, 100, 100, 2), new AirlineCounts(470, 470, 470, 5), 0, t, true);
    assertEquals(
        java.util.List.of(
            "3 seat(s) sold in this run past the capacity of the"
                + " flight's aircraft on that day"),
        oversold.anomalies());
    assertTrue(
        AIRLINE
            .verify(
                new AirlineCounts(100, 100, 100, 2),
                new AirlineCounts(470, 470, 470, 2),
                0,
                t,
                true)
            .passed());
  }

  @Test
  void theAnomaliesOfAnEarlierRunAreNotThisRunsOwn() {
    // An earlier run left a lost payment (and repeated seats: this run's query never sees them).
    AirlineCounts dirty = new AirlineCounts(100, 99, 100, 0);
    Verification v =
        AIRLINE.verify(
            dirty, new AirlineCounts(150, 149, 150, 0), 0, new Tally(50, 0, 0, 0, 0), true);
    assertTrue(v.passed(), v.anomalies().toString());
  }

  @Test
  void inDoubtIterationsWidenTheBoundsAndAreExplained() {
    Tally t = new Tally(400, 0, 3, 0, 0);
    Verification v = AIRLINE.verify(BEFORE, after(502, 502, 502), 0, t, true);
    assertTrue(v.passed(), v.anomalies().toString());
    assertEquals(java.util.List.of("3 in doubt: the server holds 2 of them"), v.notes());
    assertFalse(AIRLINE.verify(BEFORE, after(504, 504, 504), 0, t, true).passed());
    assertFalse(AIRLINE.verify(BEFORE, after(499, 499, 499), 0, t, true).passed());
    // In a transaction an in-doubt iteration is all or nothing.
    assertFalse(AIRLINE.verify(BEFORE, after(502, 501, 502), 0, t, true).passed());
  }

  @Test
  void partialIterationsWithoutTransactionsMayLeaveSomeStepsEach() {
    Tally t = new Tally(400, 0, 0, 2, 0);
    Verification v = AIRLINE.verify(BEFORE, after(502, 501, 500), 0, t, false);
    assertTrue(v.passed(), v.anomalies().toString());
    assertTrue(
        v.notes().get(0).startsWith("2 failed part-way: the server holds 2 more seats"),
        v.notes().toString());
  }

  @Test
  void itemWorkloadsCompareTheirCounts() {
    assertTrue(
        verifyItems(
                INSERT,
                new ItemFigures(1000, 0, 0),
                new ItemFigures(1300, 0, 0),
                new Tally(300, 0, 0, 0, 0))
            .passed());
    assertFalse(
        verifyItems(
                INSERT,
                new ItemFigures(1000, 0, 0),
                new ItemFigures(1299, 0, 0),
                new Tally(300, 0, 0, 0, 0))
            .passed());
    assertTrue(
        verifyItems(
                INSERT,
                new ItemFigures(1000, 0, 0),
                new ItemFigures(1302, 0, 0),
                new Tally(300, 0, 2, 0, 0))
            .passed());
    assertFalse(
        verifyItems(
                INSERT,
                new ItemFigures(1000, 0, 0),
                new ItemFigures(1303, 0, 0),
                new Tally(300, 0, 2, 0, 0))
            .passed());
    assertTrue(
        verifyItems(
                INSERT,
                new ItemFigures(1000, 0, 0),
                new ItemFigures(1301, 0, 0),
                new Tally(300, 0, 0, 0, 1))
            .passed());
    assertTrue(
        verifyItems(
                UPDATE,
                new ItemFigures(0, 10, 0),
                new ItemFigures(0, 510, 0),
                new Tally(500, 0, 0, 0, 0))
            .passed());
    assertFalse(
        verifyItems(
                UPDATE,
                new ItemFigures(0, 10, 0),
                new ItemFigures(0, 509, 0),
                new Tally(500, 0, 0, 0, 0))
            .passed());
    assertTrue(
        verifyItems(
                POINT_SELECT,
                new ItemFigures(1000, 7, 0),
                new ItemFigures(1000, 7, 0),
                new Tally(123, 0, 0, 0, 0))
            .passed());
    assertFalse(
        verifyItems(
                POINT_SELECT,
                new ItemFigures(1000, 7, 0),
                new ItemFigures(1001, 7, 0),
                new Tally(123, 0, 0, 0, 0))
            .passed());
  }

  private static io.txbench.core.spi.Verification verifyItems(
      io.txbench.core.workloads.ItemKind kind, ItemFigures before, ItemFigures after, Tally tally) {
    return kind.verify(
        new io.txbench.core.workloads.ItemEvidence(
            before, after, tally, OptionValues.defaults(), 0));
  }
}
