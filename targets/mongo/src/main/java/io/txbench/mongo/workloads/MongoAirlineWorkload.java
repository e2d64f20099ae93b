package io.txbench.mongo.workloads;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import io.txbench.core.data.AirlineData;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.AirlineCounts;
import io.txbench.core.workloads.AirlineOptions;
import io.txbench.mongo.client.MongoNumbers;
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;
import io.txbench.mongo.schema.MongoCollections;
import io.txbench.mongo.schema.MongoLoader;
import java.time.LocalDate;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.bson.types.ObjectId;
import org.jspecify.annotations.Nullable;

/**
 * The airline on MongoDB: a user buys a ticket ({@link MongoBooking}) in one multi-document
 * transaction where the server has them. A transient transaction error makes the runner retry the
 * whole transaction; an unknown commit result retries only the commit (see {@link MongoSession}).
 * Where the server has none, the seat number comes from an atomic {@code $inc} of the day's audit.
 */
public final class MongoAirlineWorkload extends MongoWorkload<Airline, MongoSession> {
  static final List<String> COLLECTIONS = MongoCollections.AIRLINE;

  private final AirlineOptions airline;
  private final MongoCollection<Document> aircraft;
  private final MongoCollection<Document> schedules;
  private final MongoCollection<Document> seats;
  private final MongoCollection<Document> payments;
  private final MongoCollection<Document> audits;
  private final LocalDate[] days;
  private final MongoBooking booking;

  private long scheduleCount;
  private @Nullable AirlineCounts before; // taken by beforeRun

  /** Made just before the run: the driver's ids of this process's later seats sort after it. */
  private @Nullable ObjectId lastSeatBefore;

  public MongoAirlineWorkload(MongoTarget target, Airline kind, WorkloadOptions options) {
    this(target, kind, options, !options.transactional() && !target.supportsTransactions());
  }

  /** With {@code seatFromCounter} false, reads then writes even without a transaction. */
  public MongoAirlineWorkload(
      MongoTarget target, Airline kind, WorkloadOptions options, boolean seatFromCounter) {
    super(target, kind, options);
    this.airline = AirlineOptions.of(options.declared());
    MongoDatabase db = target.database();
    aircraft = db.getCollection("aircraft");
    schedules = db.getCollection("schedule");
    seats = db.getCollection("seat");
    payments = db.getCollection("payment");
    audits = db.getCollection("audit");
    days = AirlineData.bookingDays(airline.dayRange());
    booking = new MongoBooking(db, airline.bookingSleep(), seatFromCounter);
  }

  @Override
  public void prepare(Progress progress) throws SetupException {
    AirlineData data = new AirlineData(options.seed(), 1);
    registry.recreate(COLLECTIONS, kind.dataSet(), data.scheduleCount(), options.seed());
    try (Progress.Task task = progress.start("loading aircraft", data.aircraft().size())) {
      MongoLoader.load(
          aircraft,
          task,
          sink ->
              data.aircraft()
                  .forEach(
                      a ->
                          sink.accept(
                              new Document("_id", a.registration())
                                  .append("model", a.model())
                                  .append("capacity", a.capacity()))));
    }
    try (Progress.Task task = progress.start("loading schedule", data.scheduleCount())) {
      MongoLoader.load(
          schedules,
          task,
          sink ->
              data.forEachSchedule(
                  s ->
                      sink.accept(
                          new Document("_id", s.scheduleId())
                              .append("flight_number", s.flightNumber())
                              .append("origin", s.origin())
                              .append("destination", s.destination())
                              .append("departure_minute", s.departureMinute())
                              .append("arrival_minute", s.arrivalMinute())
                              .append("duration_minutes", s.durationMinutes())
                              .append("days_of_week", s.daysOfWeek())
                              .append("aircraft", s.aircraft()))));
    }
    registry.finish(COLLECTIONS);
    scheduleCount = airline.schedulesBooked(data.scheduleCount());
  }

  @Override
  public OptionValues attach() throws SetupException {
    for (String c : COLLECTIONS) {
      long scale = registry.attach(c);
      if (c.equals("schedule")) {
        scheduleCount = airline.schedulesBooked(scale);
      }
    }
    return OptionValues.defaults();
  }

  @Override
  public void beforeRun() {
    before = counts();
    lastSeatBefore = new ObjectId();
  }

  @Override
  public MongoSession openSession(Worker worker) {
    return MongoSession.open(target, worker, options.transactional());
  }

  @Override
  public void iteration(Worker worker, MongoSession session)
      throws InterruptedException, AbandonedException, DeclinedException {
    long scheduleId = 1 + worker.random().nextLong(scheduleCount);
    LocalDate day = days[worker.random().nextInt(days.length)];
    long user = 1 + worker.random().nextLong(1_000_000_000L);
    session.transaction(s -> booking.book(s, scheduleId, day, user));
  }

  /** The totals verify compares; package-private for tests. */
  public AirlineCounts counts() {
    Document sum =
        audits
            .aggregate(
                List.of(Aggregates.group(null, Accumulators.sum("total", "$seats_occupied"))))
            .first();
    return new AirlineCounts(
        seats.countDocuments(),
        payments.countDocuments(),
        sum == null ? 0 : MongoNumbers.at(sum, "total"),
        seatsOverCapacity());
  }

  /**
   * Over every flight and day whose audit counts more seats than its aircraft has, how many more:
   * one aggregation over the audits (one per flight and day booked), as the SQL targets read it.
   */
  private long seatsOverCapacity() {
    Document over =
        audits
            .aggregate(
                List.of(
                    Aggregates.lookup("schedule", "schedule_id", "_id", "flight"),
                    Aggregates.unwind("$flight"),
                    Aggregates.lookup("aircraft", "flight.aircraft", "_id", "plane"),
                    Aggregates.unwind("$plane"),
                    Aggregates.project(
                        new Document(
                            "over",
                            new Document(
                                "$subtract", List.of("$seats_occupied", "$plane.capacity")))),
                    Aggregates.match(Filters.gt("over", 0)),
                    Aggregates.group(null, Accumulators.sum("total", "$over"))))
            .first();
    return over == null ? 0 : MongoNumbers.at(over, "total");
  }

  /**
   * Seats of the run (after {@code lastSeatBefore}) beyond the first with each flight, day, seat.
   */
  private long repeatedInRun(ObjectId lastSeatBefore) {
    Bson inRun = Filters.gt("_id", lastSeatBefore);
    Document groups =
        seats
            .aggregate(
                List.of(
                    Aggregates.match(inRun),
                    Aggregates.group(
                        new Document("s", "$schedule_id")
                            .append("d", "$flight_date")
                            .append("n", "$seat_number")),
                    Aggregates.group(null, Accumulators.sum("n", 1))))
            .first();
    long distinct = groups == null ? 0 : MongoNumbers.at(groups, "n");
    return seats.countDocuments(inRun) - distinct;
  }

  @Override
  public Verification verify(Tally tally) {
    AirlineCounts counted = before;
    ObjectId lastSeat = lastSeatBefore;
    if (counted == null || lastSeat == null) {
      throw new IllegalStateException("verify needs the counts and the seat beforeRun takes");
    }
    return kind.verify(counted, counts(), repeatedInRun(lastSeat), tally, options.transactional());
  }
}
