package io.txbench.mongo.workloads;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import io.txbench.core.data.AirlineData;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.mongo.client.MongoErrors;
import io.txbench.mongo.client.MongoSession;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * One ticket purchase, as the OnGres benchmark makes it in one multi-document transaction: the
 * flight with its aircraft ({@code $lookup}) and the day's audit document, then the seat, the
 * payment and an upsert of the audit with {@code $inc}. A flight full that day is declined as sold
 * out before any write.
 *
 * <p>Where the server has no transactions (a standalone server, the emulator) the seat is booked
 * the MongoDB way instead, with atomic single-document operations ({@code seatFromCounter}): the
 * audit's {@code $inc}, made only while the flight is not full, returns the seat number, then the
 * seat and the payment are inserted. No seat is sold twice nor past capacity however many buyers
 * overlap; a failure part-way leaves an audit increment without its seat. Where the server has
 * transactions and {@code --disable-transaction} turns them off, the transaction's steps run one by
 * one, read then write, each committed on its own: verify shows what that costs, as repeated seat
 * numbers.
 */
final class MongoBooking {
  private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);

  /**
   * The audit as it was before the {@code $inc} (null, or empty on the emulator, when the upsert
   * created it): the emulator answers {@code AFTER} with its live document, which a concurrent
   * {@code $inc} may change before the reply is written, and two buyers would get one number.
   */
  private static final FindOneAndUpdateOptions TAKE_SEAT =
      new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.BEFORE);

  private final MongoCollection<Document> schedules;
  private final MongoCollection<Document> seats;
  private final MongoCollection<Document> payments;
  private final MongoCollection<Document> audits;
  private final long bookingSleepNanos;
  private final boolean seatFromCounter;

  MongoBooking(MongoDatabase db, Duration bookingSleep, boolean seatFromCounter) {
    schedules = db.getCollection("schedule");
    seats = db.getCollection("seat");
    payments = db.getCollection("payment");
    audits = db.getCollection("audit");
    bookingSleepNanos = bookingSleep.toNanos();
    this.seatFromCounter = seatFromCounter;
  }

  /** Books a seat for {@code user} in {@code session}'s transaction, or without one. */
  void book(MongoSession session, long scheduleId, LocalDate day, long user)
      throws InterruptedException, AbandonedException, DeclinedException {
    if (seatFromCounter) {
      bookByCounter(session, scheduleId, day, user);
    } else {
      readThenWrite(session, scheduleId, day, user);
    }
  }

  /**
   * Books the seat whose number the audit's {@code $inc} gives, taken only while the flight is not
   * full: two buyers never get the same number, and no buyer one past capacity.
   */
  private void bookByCounter(MongoSession session, long scheduleId, LocalDate day, long user)
      throws InterruptedException, AbandonedException, DeclinedException {
    Document flight = flight(session, scheduleId);
    int capacity = capacity(flight, scheduleId);
    if (bookingSleepNanos > 0) {
      TimeUnit.NANOSECONDS.sleep(bookingSleepNanos);
    }
    Bson notFull =
        Filters.and(
            Filters.eq("_id", scheduleId + "/" + day), Filters.lt("seats_occupied", capacity));
    Bson addSeat = addSeat(scheduleId, day);
    int taken = -1;
    for (int attempt = 1; taken < 0; attempt++) {
      try {
        Document before = session.write(() -> audits.findOneAndUpdate(notFull, addSeat, TAKE_SEAT));
        taken = before == null ? 0 : before.getInteger("seats_occupied", 0);
      } catch (MongoException e) {
        // A full flight's audit does not match, so the upsert would create it again: the _id is
        // taken. Once more, in case another buyer created it meanwhile; then it is full.
        if (MongoErrors.code(e) != MongoErrors.DUPLICATE_KEY) {
          throw e;
        }
        if (attempt == 2) {
          throw new DeclinedException("flight " + scheduleId + " on " + day + " is sold out");
        }
      }
    }
    seatAndPayment(session, flight, scheduleId, day, taken + 1, user);
  }

  private void readThenWrite(MongoSession session, long scheduleId, LocalDate day, long user)
      throws InterruptedException, AbandonedException, DeclinedException {
    Document flight = flight(session, scheduleId);
    String auditId = scheduleId + "/" + day;
    Bson byId = Filters.eq("_id", auditId);
    Document audit = session.find(audits, byId).first();
    int taken = audit == null ? 0 : audit.getInteger("seats_occupied", 0);
    if (taken >= capacity(flight, scheduleId)) {
      throw new DeclinedException("flight " + scheduleId + " on " + day + " is sold out");
    }
    if (bookingSleepNanos > 0) {
      TimeUnit.NANOSECONDS.sleep(bookingSleepNanos);
    }
    seatAndPayment(session, flight, scheduleId, day, taken + 1, user);
    session.updateOne(audits, byId, addSeat(scheduleId, day), UPSERT);
  }

  /** The flight with its aircraft as {@code plane}, in {@code session}'s transaction if any. */
  private Document flight(MongoSession session, long scheduleId) {
    List<Bson> pipeline =
        List.of(
            Aggregates.match(Filters.eq("_id", scheduleId)),
            Aggregates.lookup("aircraft", "aircraft", "_id", "plane"));
    Document flight = session.aggregate(schedules, pipeline).first();
    if (flight == null) {
      throw new IllegalStateException("schedule " + scheduleId + " is missing");
    }
    return flight;
  }

  private static int capacity(Document flight, long scheduleId) {
    List<Document> plane = flight.getList("plane", Document.class);
    if (plane.isEmpty()) {
      throw new IllegalStateException("the aircraft of schedule " + scheduleId + " is missing");
    }
    return plane.get(0).getInteger("capacity");
  }

  /** Inserts the seat {@code number} of the flight that day for {@code user}, and its payment. */
  private void seatAndPayment(
      MongoSession session, Document flight, long scheduleId, LocalDate day, int number, long user)
      throws AbandonedException {
    Instant now = Instant.now();
    session.insertOne(
        seats,
        new Document("schedule_id", scheduleId)
            .append("flight_date", day)
            .append("seat_number", number)
            .append("user_id", user)
            .append("booked_at", now));
    session.insertOne(
        payments,
        new Document("schedule_id", scheduleId)
            .append("flight_date", day)
            .append("user_id", user)
            .append("amount", AirlineData.fare(flight.getInteger("duration_minutes")))
            .append("paid_at", now));
  }

  /** One more seat on the day's audit, created with the flight and day by the first. */
  private static Bson addSeat(long scheduleId, LocalDate day) {
    return Updates.combine(
        Updates.inc("seats_occupied", 1),
        Updates.setOnInsert("schedule_id", scheduleId),
        Updates.setOnInsert("flight_date", day));
  }
}
