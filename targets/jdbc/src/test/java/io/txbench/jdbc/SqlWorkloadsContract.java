package io.txbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.Queries;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.WorkloadFixtures;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.Insert;
import io.txbench.core.workloads.PointSelect;
import io.txbench.core.workloads.Update;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.schema.AirlineSchema;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The four workloads against a real SQL server; every assertion reads the effects back from the
 * database.
 */
public abstract class SqlWorkloadsContract extends SqlFaultsContract {
  /** Retries enough that four buyers of one row never exhaust them, however slow the machine. */
  private static final int RETRIES_NO_BUYER_EXHAUSTS = 1_000;

  /**
   * The pool commits each statement exactly when the workload's one decision says its iterations
   * are no transactions: a kind of one statement, or a transactional one told to run without.
   */
  @Test
  void thePoolsAutocommitFollowsTheWorkloadsTransactionMode() throws Exception {
    assertTrue(autoCommit(workload(PointSelect.NAME, 1, false)), "a kind of one statement");
    assertFalse(autoCommit(workload(Airline.NAME, 0, false)), "a transactional kind");
    assertTrue(autoCommit(workload(Airline.NAME, 0, true)), "--disable-transaction");
  }

  /** Whether a worker's connection, for a run of {@code options}, commits each statement. */
  private boolean autoCommit(WorkloadOptions options) throws Exception {
    try (JdbcTarget target = provider().open(target(1, strictIsolation()), options).target();
        Connection c = target.connection()) {
      return c.getAutoCommit();
    }
  }

  @Test
  void airlineBooksExactlyOneSeatAndOnePaymentPerCommittedIteration() throws Exception {
    WorkloadRun.Outcome o = run(workload(Airline.NAME, 0, false), 4, 400, true, strictIsolation());
    assertEquals(400, o.result().outcomes().iterations());
    assertEquals(0, o.result().outcomes().errors());
    assertEquals(15_000, query("SELECT COUNT(*) FROM schedule"));
    assertEquals(200, query("SELECT COUNT(*) FROM aircraft"));
    assertEquals(400, query("SELECT COUNT(*) FROM seat"));
    assertEquals(400, query("SELECT COUNT(*) FROM payment"));
    assertEquals(400, query("SELECT SUM(seats_occupied) FROM audit"));
    assertEquals(0, query("SELECT COUNT(*) FROM payment WHERE amount <= 0"));
    assertTrue(o.verification().passed(), o.verification().anomalies().toString());
    assertEquals(400L, o.verification().figures().get("seats_booked"));
  }

  @Test
  void airlineUnderContentionAtTheDefaultIsolationKeepsEveryInvariant() throws Exception {
    // 16 buyers on 2 flights on 1 day at the level a run gets without --sql-isolation-level.
    WorkloadRun.Outcome o = run(contended(2), 16, 400, true, IsolationLevel.REPEATABLE_READ);
    System.out.println(provider().target() + " contended at REPEATABLE READ: " + o.describe());
    assertEquals(
        400, o.result().outcomes().iterations() + o.result().outcomes().errors(), o.describe());
    assertTrue(o.verification().passed(), o.describe());
  }

  @Test
  void aFullFlightEndsTheIterationAsSoldOutWithoutWritingAnything() throws Exception {
    // One flight on one day, more buyers than any aircraft has seats. Four buyers on one row
    // conflict often: a budget of retries none of them can run out of on a slow machine.
    WorkloadRun.Outcome o =
        WorkloadRun.run(
            provider(),
            target(4, strictIsolation()),
            contended(1),
            500,
            true,
            RETRIES_NO_BUYER_EXHAUSTS);
    System.out.println(provider().target() + " one flight, 500 buyers: " + o.describe());
    long capacity =
        query(
            "SELECT a.capacity FROM schedule s JOIN aircraft a"
                + " ON a.registration = s.aircraft WHERE s.schedule_id = 1");
    assertEquals(500, o.result().outcomes().iterations(), o.describe());
    assertEquals(500 - capacity, o.result().outcomes().declined(), o.describe());
    assertEquals(capacity, query("SELECT COUNT(*) FROM seat"));
    assertEquals(capacity, query("SELECT COUNT(*) FROM payment"));
    assertEquals(capacity, query("SELECT SUM(seats_occupied) FROM audit"));
    assertTrue(o.verification().passed(), o.describe());
    assertEquals(0L, o.verification().figures().get("seats_over_capacity"));
  }

  @Test
  void verifyCountsTheSeatsSoldPastCapacityButOnlyThoseOfTheRun() throws Exception {
    run(contended(1), 1, 10, true, strictIsolation());
    long capacity =
        query(
            "SELECT a.capacity FROM schedule s JOIN aircraft a"
                + " ON a.registration = s.aircraft WHERE s.schedule_id = 1");
    // As if an earlier, careless run had sold 500 more seats on that flight.
    execute("UPDATE audit SET seats_occupied = seats_occupied + 500");
    assertEquals(510 - capacity, query(AirlineSchema.SEATS_OVER_CAPACITY));
    WorkloadRun.Outcome o = run(contended(1), 2, 10, false, strictIsolation());
    assertEquals(10, o.result().outcomes().declined(), o.describe());
    assertEquals(0L, o.verification().figures().get("seats_over_capacity"), o.describe());
    assertTrue(o.verification().passed(), o.describe());
  }

  /**
   * Two seats of one number on one flight and day, booked by one buyer at one moment, while a run
   * goes on: verify reports the second as a repeated seat number.
   */
  @Test
  void verifyFindsASeatNumberSoldTwiceInTheRun() throws Exception {
    assertVerifyFindsOneRepeatedSeat(1, "2030-01-01 10:00:00");
  }

  /**
   * The same seat number sold twice to two buyers at two moments is a repeated seat all the same:
   * the seats' other columns play no part in what repeats.
   */
  @Test
  void verifyFindsASeatNumberSoldTwiceToTwoBuyersAtTwoMoments() throws Exception {
    assertVerifyFindsOneRepeatedSeat(2, "2030-01-02 11:30:00");
  }

  /**
   * Books one seat for buyer 1 at 10:00 on 1 January 2030 and the same seat for {@code user} at
   * {@code bookedAt} while a run goes on, and asserts verify reports one repeated seat number.
   */
  private void assertVerifyFindsOneRepeatedSeat(long user, String bookedAt) throws Exception {
    WorkloadRun.Outcome o =
        airlineWhile(
            () -> {
              plantSeat(1, "2030-01-01 10:00:00");
              plantSeat(user, bookedAt);
            });
    assertEquals(1L, o.verification().figures().get("repeated_seat_numbers"), o.describe());
    assertFalse(o.verification().passed(), o.describe());
  }

  /**
   * Seat 10,000 (more than any aircraft has) of flight 1 on 1 January 2030, for {@code user} at
   * {@code bookedAt}, as a careless booking would add it.
   */
  private void plantSeat(long user, String bookedAt) throws SQLException {
    execute(
        "INSERT INTO seat (schedule_id, flight_date, seat_number, user_id, booked_at)"
            + " VALUES (1, DATE '2030-01-01', 10000, "
            + user
            + ", TIMESTAMP '"
            + bookedAt
            + "')");
  }

  /** 20 bookings by one buyer on freshly prepared data, with {@code meanwhile} done once begun. */
  private WorkloadRun.Outcome airlineWhile(WorkloadRun.Disruption meanwhile) throws Exception {
    return WorkloadRun.run(
        provider(),
        target(1, strictIsolation()),
        workload(Airline.NAME, 0, false),
        forIterations(1, 20),
        true,
        meanwhile);
  }

  /** The airline booking on the first {@code schedules} schedules only, on one day. */
  private static WorkloadOptions contended(long schedules) {
    return WorkloadFixtures.options(Airline.NAME, 0, 42, false, schedules);
  }

  @Test
  void airlineOnExistingDataWithSkipSetupAddsToIt() throws Exception {
    run(workload(Airline.NAME, 0, false), 2, 100, true, strictIsolation());
    WorkloadRun.Outcome second =
        run(workload(Airline.NAME, 0, true), 2, 150, false, IsolationLevel.READ_COMMITTED);
    assertEquals(150, second.result().outcomes().iterations());
    assertEquals(250, query("SELECT COUNT(*) FROM seat"));
    assertEquals(250, query("SELECT COUNT(DISTINCT seat_id) FROM seat"));
    assertEquals(150L, second.verification().figures().get("seats_booked"));
  }

  @Test
  void pointSelectReadsWithoutChangingAnything() throws Exception {
    WorkloadRun.Outcome o =
        run(
            workload(PointSelect.NAME, 2_000, false),
            4,
            1_000,
            true,
            IsolationLevel.REPEATABLE_READ);
    assertEquals(1_000, o.result().outcomes().iterations());
    assertEquals(0, o.result().outcomes().errors());
    assertEquals(2_000, query("SELECT COUNT(*) FROM item"));
    assertEquals(0, query("SELECT SUM(updates) FROM item"));
    assertEquals(120, query("SELECT MIN(LENGTH(c)) FROM item"));
    assertTrue(o.verification().passed(), o.verification().anomalies().toString());
    // Counted by the session: one SELECT each, committed on its own (no BEGIN, no COMMIT).
    assertEquals(new Queries(1_000, 0, 0), o.result().breakdown().queries(), o.describe());
  }

  @Test
  void airlineCountsItsStatementsAsSysbenchWould() throws Exception {
    // One buyer: no conflict, so no retry, and every statement sent is one of a booking.
    WorkloadRun.Outcome o = run(workload(Airline.NAME, 0, false), 1, 50, true, strictIsolation());
    long booked = o.result().outcomes().iterations() - o.result().outcomes().declined();
    assertEquals(0, o.result().outcomes().errors(), o.describe());
    // Two reads (the flight, the seats taken), then the seat, the payment and the audit; BEGIN and
    // COMMIT. A sold-out flight ends after its reads, rolled back.
    assertEquals(
        new Queries(2 * 50, 3 * booked, 2 * booked + o.result().outcomes().declined()),
        o.result().breakdown().queries(),
        o.describe());
  }

  @Test
  void insertAddsOneRowPerIterationAndIdsNeverCollideAcrossRuns() throws Exception {
    WorkloadRun.Outcome first =
        run(workload(Insert.NAME, 1_000, false), 4, 300, true, IsolationLevel.REPEATABLE_READ);
    WorkloadRun.Outcome second =
        run(workload(Insert.NAME, 1_000, false), 4, 300, false, IsolationLevel.REPEATABLE_READ);
    assertEquals(300, first.result().outcomes().iterations());
    assertEquals(300, second.result().outcomes().iterations());
    assertEquals(0, second.result().outcomes().errors());
    assertEquals(1_600, query("SELECT COUNT(*) FROM item"));
    assertEquals(1_600, query("SELECT COUNT(DISTINCT id) FROM item"));
    assertEquals(1_600, query("SELECT MAX(id) FROM item"));
    assertTrue(second.verification().passed(), second.verification().anomalies().toString());
    assertEquals(300L, second.verification().figures().get("inserted"));
  }

  @Test
  void updateChangesOneRowPerCommittedIteration() throws Exception {
    WorkloadRun.Outcome o =
        run(workload(Update.NAME, 50, false), 8, 2_000, true, IsolationLevel.REPEATABLE_READ);
    // 8 workers on 50 rows collide: REPEATABLE READ aborts some, and the runner retries them.
    assertEquals(2_000, o.result().outcomes().iterations() + o.result().outcomes().errors());
    assertEquals(o.result().outcomes().iterations(), query("SELECT SUM(updates) FROM item"));
    assertEquals(50, query("SELECT COUNT(*) FROM item"));
    assertTrue(o.verification().passed(), o.verification().anomalies().toString());
  }

  @Test
  void prepareRefusesATableItDidNotCreateAndLeavesItAlone() throws Exception {
    sql("CREATE TABLE " + schema() + ".item (id INT PRIMARY KEY, note TEXT)");
    sql("INSERT INTO " + schema() + ".item VALUES (1, 'precious')");
    SetupException e =
        assertThrows(
            SetupException.class,
            () ->
                run(
                    workload(PointSelect.NAME, 100, false),
                    1,
                    1,
                    true,
                    IsolationLevel.REPEATABLE_READ));
    assertTrue(String.valueOf(e.getMessage()).contains("'item'"), e.getMessage());
    assertEquals(1, query("SELECT COUNT(*) FROM item WHERE note = 'precious'"));
  }

  @Test
  void skipSetupWithoutDataSaysWhatToDo() {
    SetupException e =
        assertThrows(
            SetupException.class,
            () ->
                run(
                    workload(Update.NAME, 100, false),
                    1,
                    1,
                    false,
                    IsolationLevel.REPEATABLE_READ));
    assertTrue(
        String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("without --skip-setup"),
        e.getMessage());
  }
}
