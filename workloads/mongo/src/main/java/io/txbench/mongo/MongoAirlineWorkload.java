package io.txbench.mongo;

import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import io.txbench.core.AbandonedException;
import io.txbench.core.DeclinedException;
import io.txbench.core.Lease;
import io.txbench.core.LeaseMode;
import io.txbench.core.Progress;
import io.txbench.core.Tally;
import io.txbench.core.Verification;
import io.txbench.core.Worker;
import io.txbench.core.Workload;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.data.AirlineData;
import io.txbench.core.kinds.Airline;
import io.txbench.core.kinds.AirlineCounts;
import io.txbench.core.kinds.AirlineOptions;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.bson.types.ObjectId;

/**
 * A user buys a ticket in one multi-document transaction, as the OnGres benchmark does it: the
 * flight with its aircraft ({@code $lookup}) and the day's audit document, then the seat, the
 * payment and an upsert of the audit with {@code $inc}. A flight full that day is declined as sold
 * out before any write. A transient transaction error makes the runner retry the whole transaction;
 * an unknown commit result retries only the commit (see {@link MongoSession}). Without transactions
 * the same steps run one by one, each committed on its own.
 */
final class MongoAirlineWorkload implements Workload<MongoSession> {
  static final List<String> COLLECTIONS = MongoCollections.AIRLINE;
  private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);

  private final MongoTarget target;
  private final Airline kind;
  private final WorkloadOptions options;
  private final AirlineOptions airline;
  private final MongoRegistry registry;
  private final MongoCollection<Document> aircraft;
  private final MongoCollection<Document> schedules;
  private final MongoCollection<Document> seats;
  private final MongoCollection<Document> payments;
  private final MongoCollection<Document> audits;
  private final LocalDate[] days;
  private final long bookingSleepNanos;
  private long scheduleCount;
  private AirlineCounts before;

  /** Made just before the run: the driver's ids of this process's later seats sort after it. */
  private ObjectId lastSeatBefore;

  MongoAirlineWorkload(
      MongoTarget target, Airline kind, WorkloadOptions options, MongoRegistry registry) {
    this.target = target;
    this.kind = kind;
    this.options = options;
    this.airline = AirlineOptions.of(options.declared());
    this.registry = registry;
    MongoDatabase db = target.database();
    aircraft = db.getCollection("aircraft");
    schedules = db.getCollection("schedule");
    seats = db.getCollection("seat");
    payments = db.getCollection("payment");
    audits = db.getCollection("audit");
    days = AirlineData.bookingDays(airline.dayRange());
    bookingSleepNanos = airline.bookingSleep().toNanos();
  }

  @Override
  public void prepare(Progress progress) throws Exception {
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
  public void attach() throws Exception {
    for (String c : COLLECTIONS) {
      long scale = registry.attach(c);
      if (c.equals("schedule")) {
        scheduleCount = airline.schedulesBooked(scale);
      }
    }
  }

  @Override
  public Lease lease(LeaseMode mode) throws Exception {
    return registry.lease(kind.dataSet(), mode);
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
    session.transaction(
        s -> {
          book(session, s, scheduleId, day, user);
          return null;
        });
  }

  private void book(
      MongoSession session, ClientSession s, long scheduleId, LocalDate day, long user)
      throws InterruptedException, AbandonedException, DeclinedException {
    List<Bson> pipeline =
        List.of(
            Aggregates.match(Filters.eq("_id", scheduleId)),
            Aggregates.lookup("aircraft", "aircraft", "_id", "plane"));
    Document flight =
        (s == null ? schedules.aggregate(pipeline) : schedules.aggregate(s, pipeline)).first();
    if (flight == null) {
      throw new IllegalStateException("schedule " + scheduleId + " is missing");
    }
    String auditId = scheduleId + "/" + day;
    Bson byId = Filters.eq("_id", auditId);
    Document audit = (s == null ? audits.find(byId) : audits.find(s, byId)).first();
    int taken = audit == null ? 0 : audit.getInteger("seats_occupied", 0);
    List<Document> plane = flight.getList("plane", Document.class);
    if (plane.isEmpty()) {
      throw new IllegalStateException("the aircraft of schedule " + scheduleId + " is missing");
    }
    if (taken >= plane.get(0).getInteger("capacity")) {
      throw new DeclinedException("flight " + scheduleId + " on " + day + " is sold out");
    }
    if (bookingSleepNanos > 0) {
      TimeUnit.NANOSECONDS.sleep(bookingSleepNanos);
    }
    Instant now = Instant.now();
    Document seat =
        new Document("schedule_id", scheduleId)
            .append("flight_date", day)
            .append("seat_number", taken + 1)
            .append("user_id", user)
            .append("booked_at", now);
    Document payment =
        new Document("schedule_id", scheduleId)
            .append("flight_date", day)
            .append("user_id", user)
            .append("amount", AirlineData.fare(flight.getInteger("duration_minutes")))
            .append("paid_at", now);
    Bson addSeat =
        Updates.combine(
            Updates.inc("seats_occupied", 1),
            Updates.setOnInsert("schedule_id", scheduleId),
            Updates.setOnInsert("flight_date", day));
    if (s == null) {
      session.write(() -> seats.insertOne(seat));
      session.write(() -> payments.insertOne(payment));
      session.write(() -> audits.updateOne(byId, addSeat, UPSERT));
    } else {
      seats.insertOne(s, seat);
      payments.insertOne(s, payment);
      audits.updateOne(s, byId, addSeat, UPSERT);
    }
  }

  /** The totals verify compares; package-private for tests. */
  AirlineCounts counts() {
    Document sum =
        audits
            .aggregate(
                List.of(Aggregates.group(null, Accumulators.sum("total", "$seats_occupied"))))
            .first();
    return new AirlineCounts(
        seats.countDocuments(),
        payments.countDocuments(),
        sum == null ? 0 : ((Number) sum.get("total")).longValue(),
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
    return over == null ? 0 : ((Number) over.get("total")).longValue();
  }

  /** Seats of the run beyond the first with each (flight, day, seat number). */
  private long repeatedInRun() {
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
    long distinct = groups == null ? 0 : ((Number) groups.get("n")).longValue();
    return seats.countDocuments(inRun) - distinct;
  }

  @Override
  public Verification verify(Tally tally) {
    return kind.verify(before, counts(), repeatedInRun(), tally, options.transactional());
  }
}
