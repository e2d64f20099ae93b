package io.txbench.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.Workload;
import io.txbench.core.spi.WorkloadFixtures;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.WorkloadTable;
import io.txbench.core.workloads.Airline;
import io.txbench.mongo.client.MongoTarget;
import io.txbench.mongo.workloads.MongoAirlineWorkload;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.bson.Document;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The airline's seat numbers under contention: many buyers of one flight on one day, each pausing
 * between the flight's read and its writes ({@code --booking-sleep}) so that they overlap.
 */
abstract class MongoAirlineContract extends MongoWorkloadsContract {
  private static final int BUYERS = 8;
  private static final long DAYS = 6;

  /** More than the 6 days of schedule 1's aircraft (144 seats) hold: the last ones are declined. */
  private static final int BOOKINGS = 900;

  /** One flight over a few days, a pause that makes buyers overlap, and transactions as asked. */
  static WorkloadOptions oneFlightContended(boolean noTransaction) {
    return WorkloadFixtures.options(Airline.NAME, 0, 42, noTransaction, 1)
        .with(Airline.DAY_RANGE, DAYS)
        .with(Airline.BOOKING_SLEEP, Duration.ofMillis(2));
  }

  @Test
  void whereTheServerHasNoTransactionsNoSeatIsSoldTwiceNorPastCapacity() throws Exception {
    if (transactions()) {
      return; // a replica set runs the default in transactions: the contract's airline test
    }
    // As the command line runs airline on a server without transactions (the emulator).
    WorkloadRun.Outcome o =
        WorkloadRun.run(provider, target(BUYERS), oneFlightContended(true), BOOKINGS, true);
    System.out.println("mongo airline, no transactions, " + BUYERS + " buyers: " + o.describe());
    assertEquals(0L, o.verification().figures().get("repeated_seat_numbers"), o.describe());
    assertEquals(0L, o.verification().figures().get("seats_over_capacity"), o.describe());
    assertTrue(o.verification().passed(), o.describe());
    assertTrue(o.result().outcomes().declined() > 0, "the flight never filled: " + o.describe());
    long seats = count("seat");
    assertEquals(BOOKINGS - o.result().outcomes().declined(), seats, o.describe());
    assertEquals(seats, count("payment"), o.describe());
    long occupied = 0;
    for (Document audit : db.getCollection("audit").find()) {
      occupied += audit.getInteger("seats_occupied");
    }
    assertEquals(seats, occupied, o.describe());
  }

  @Test
  void theReadThenWritePathOfDisableTransactionSellsSeatsTwiceUnderTheSameContention()
      throws Exception {
    if (transactions()) {
      return; // the next test runs it as a user would, with --disable-transaction
    }
    // What --disable-transaction runs on a replica set, here on a server without transactions: the
    // contention above is enough to show the anomaly the counter prevents.
    WorkloadRun.Outcome o =
        WorkloadRun.run(
            new ReadThenWrite(), target(BUYERS), oneFlightContended(true), BOOKINGS, true);
    System.out.println("mongo airline, read then write: " + o.describe());
    assertTrue(
        Objects.requireNonNull(o.verification().figures().get("repeated_seat_numbers")) > 0,
        o.describe());
    assertFalse(o.verification().passed(), o.describe());
  }

  @Test
  void disableTransactionOnAServerWithThemShowsTheSeatsSoldTwice() throws Exception {
    if (!transactions()) {
      return;
    }
    WorkloadRun.Outcome o =
        WorkloadRun.run(provider, target(BUYERS), oneFlightContended(true), BOOKINGS, true);
    System.out.println("mongo airline, --disable-transaction: " + o.describe());
    assertTrue(
        Objects.requireNonNull(o.verification().figures().get("repeated_seat_numbers")) > 0,
        o.describe());
    assertFalse(o.verification().passed(), o.describe());
  }

  /**
   * MongoDB's provider, whose airline reads then writes as on a replica set without transactions.
   */
  private static final class ReadThenWrite implements TargetBinding {
    private final MongoBinding mongo = new MongoBinding();

    @Override
    public String target() {
      return mongo.target();
    }

    @Override
    public int defaultPort() {
      return mongo.defaultPort();
    }

    @Override
    public @Nullable String defaultUser() {
      return mongo.defaultUser();
    }

    @Override
    public String defaultDatabase() {
      return mongo.defaultDatabase();
    }

    @Override
    public List<String> urlSchemes() {
      return mongo.urlSchemes();
    }

    @Override
    public WorkloadTable<?> workloads() {
      return mongo.workloads();
    }

    @Override
    public OpenTarget<?, ?> open(TargetOptions target, WorkloadOptions workload)
        throws TargetUnavailableException {
      OpenTarget<MongoTarget, RuntimeException> opened = mongo.open(target, workload);
      return new OpenTarget<>(opened.target(), ReadThenWrite::airline, opened.dropper());
    }

    private static Workload<?, ?> airline(MongoTarget t, WorkloadOptions options) {
      return new MongoAirlineWorkload(t, new Airline(), options, false);
    }
  }
}
