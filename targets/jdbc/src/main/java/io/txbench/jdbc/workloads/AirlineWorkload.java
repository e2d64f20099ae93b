package io.txbench.jdbc.workloads;

import io.txbench.core.data.AirlineData;
import io.txbench.core.data.Schedule;
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
import io.txbench.jdbc.client.BulkLoader;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlAnswer;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.client.TableLoad;
import io.txbench.jdbc.schema.AirlineSchema;
import io.txbench.jdbc.schema.SchemaRegistry;
import io.txbench.jdbc.schema.SqlQueries;
import io.txbench.jdbc.schema.TableDef;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A user buys a ticket, in one transaction: read a random flight with its aircraft's capacity, read
 * how many seats are taken that day (the day's audit row), take the next seat number, insert the
 * seat and the payment (priced by the flight's duration), and add the seat to the audit row. When
 * the flight is full that day the booking is declined as sold out: nothing is written, the
 * transaction is rolled back, and the runner counts it beside the others (not an error).
 *
 * <p>The seat number comes from the read, so an isolation level that lets two buyers read the same
 * count shows up in verify as repeated seat numbers (and seats past capacity); under REPEATABLE
 * READ the server aborts one of them instead (PostgreSQL), or the read locks the audit row (MySQL,
 * see {@link AirlineSchema#seatsTakenRead}), and the runner retries what was aborted. Without a
 * transaction each write commits on its own: an iteration that fails after one of them is an error
 * with partial effects, never retried.
 */
public final class AirlineWorkload extends SqlWorkload<Airline> {
  private final AirlineOptions airline;
  private final LocalDate[] days;
  private final long bookingSleepNanos;
  private final String seatsTakenRead;
  private final String auditUpsert;
  private long schedules;
  private @Nullable AirlineCounts before; // taken by beforeRun

  /** The last seat before the run: the run's seats are the ones after it. */
  private long lastSeatBefore;

  public AirlineWorkload(
      JdbcTarget target, Airline kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry);
    this.airline = AirlineOptions.of(options.declared());
    this.days = AirlineData.bookingDays(airline.dayRange());
    this.bookingSleepNanos = airline.bookingSleep().toNanos();
    this.seatsTakenRead = AirlineSchema.seatsTakenRead(target.dialect(), target.isolation());
    this.auditUpsert = AirlineSchema.auditUpsert(target.dialect());
  }

  @Override
  public void prepare(Progress progress) throws SQLException, SetupException {
    AirlineData data = new AirlineData(options.seed(), 1);
    try (Connection c = target.controlConnection()) {
      c.setAutoCommit(true);
      registry.recreate(c, AirlineSchema.ALL, kind.dataSet(), data.scheduleCount(), options.seed());
      BulkLoader loader = target.dialect().bulkLoader();
      TableLoad aircraft =
          new TableLoad(
              "aircraft",
              List.of("registration", "model", "capacity"),
              data.aircraft().size(),
              sink ->
                  data.aircraft()
                      .forEach(a -> sink.row(a.registration(), a.model(), a.capacity())));
      TableLoad schedule =
          new TableLoad(
              "schedule",
              List.of(
                  "schedule_id",
                  "flight_number",
                  "origin",
                  "destination",
                  "departure_minute",
                  "arrival_minute",
                  "duration_minutes",
                  "days_of_week",
                  "aircraft"),
              data.scheduleCount(),
              sink -> data.forEachSchedule(s -> sink.row(row(s))));
      for (TableLoad load : List.of(aircraft, schedule)) {
        try (Progress.Task task = progress.start("loading " + load.table(), load.rows())) {
          loader.load(c, load, task);
        }
      }
      registry.finish(c, AirlineSchema.ALL);
    }
    schedules = airline.schedulesBooked(data.scheduleCount());
  }

  private static Object[] row(Schedule s) {
    return new Object[] {
      s.scheduleId(),
      s.flightNumber(),
      s.origin(),
      s.destination(),
      s.departureMinute(),
      s.arrivalMinute(),
      s.durationMinutes(),
      s.daysOfWeek(),
      s.aircraft()
    };
  }

  @Override
  public OptionValues attach() throws SQLException, SetupException {
    try (Connection c = target.controlConnection()) {
      for (TableDef t : AirlineSchema.ALL) {
        long scale = registry.attach(c, t);
        if (t.equals(AirlineSchema.SCHEDULE)) {
          schedules = airline.schedulesBooked(scale);
        }
      }
      target.commitIfNeeded(c);
    }
    return OptionValues.defaults();
  }

  @Override
  public void beforeRun() throws SQLException {
    before = counts();
    try (Connection c = target.controlConnection()) {
      lastSeatBefore = SqlQueries.single(c, "SELECT COALESCE(MAX(seat_id), 0) FROM seat");
      target.commitIfNeeded(c);
    }
  }

  @Override
  public List<String> statements() {
    return List.of(
        AirlineSchema.READ_FLIGHT,
        seatsTakenRead,
        AirlineSchema.INSERT_SEAT,
        AirlineSchema.INSERT_PAYMENT,
        auditUpsert);
  }

  @Override
  public SqlIteration begin(Worker worker) {
    long scheduleId = 1 + worker.random().nextLong(schedules);
    LocalDate day = days[worker.random().nextInt(days.length)];
    long user = 1 + worker.random().nextLong(1_000_000_000L);
    return new Booking(scheduleId, day, user);
  }

  /** One user's booking of a seat on a flight, its statements in order. */
  private final class Booking implements SqlIteration {
    private final long scheduleId;
    private final LocalDate day;
    private final long user;
    private int duration;
    private int capacity;
    private int step;

    Booking(long scheduleId, LocalDate day, long user) {
      this.scheduleId = scheduleId;
      this.day = day;
      this.user = user;
    }

    @Override
    public @Nullable SqlStatement next(@Nullable SqlAnswer last)
        throws SQLException, DeclinedException {
      if (last == null) {
        return SqlStatement.read(AirlineSchema.READ_FLIGHT, scheduleId).returning(2);
      }
      step++;
      if (step == 1) {
        if (last.rows() == 0) {
          throw new SQLException("schedule " + scheduleId + " is missing");
        }
        duration = (int) last.number(0);
        capacity = (int) last.number(1);
        return SqlStatement.read(seatsTakenRead, scheduleId, day).returning(1);
      }
      if (step == 2) {
        int taken = last.rows() == 0 ? 0 : (int) last.number(0);
        if (taken >= capacity) {
          throw new DeclinedException("flight " + scheduleId + " on " + day + " is sold out");
        }
        return SqlStatement.write(AirlineSchema.INSERT_SEAT, scheduleId, day, taken + 1, user)
            .after(bookingSleepNanos);
      }
      if (step == 3) {
        BigDecimal fare = AirlineData.fare(duration);
        return SqlStatement.write(AirlineSchema.INSERT_PAYMENT, scheduleId, day, user, fare);
      }
      return step == 4 ? SqlStatement.write(auditUpsert, scheduleId, day) : null;
    }
  }

  private AirlineCounts counts() throws SQLException {
    try (Connection c = target.controlConnection()) {
      AirlineCounts counts =
          new AirlineCounts(
              SqlQueries.single(c, "SELECT COUNT(*) FROM seat"),
              SqlQueries.single(c, "SELECT COUNT(*) FROM payment"),
              SqlQueries.single(c, "SELECT COALESCE(SUM(seats_occupied), 0) FROM audit"),
              SqlQueries.single(c, AirlineSchema.SEATS_OVER_CAPACITY));
      target.commitIfNeeded(c);
      return counts;
    }
  }

  @Override
  public Verification verify(Tally tally) throws SQLException {
    AirlineCounts counted = before;
    if (counted == null) {
      throw new IllegalStateException("verify needs the counts beforeRun takes");
    }
    AirlineCounts after = counts();
    long repeated;
    try (Connection c = target.controlConnection()) {
      repeated =
          SqlQueries.single(
              c,
              String.format(
                  java.util.Locale.ROOT, AirlineSchema.REPEATED_SEATS_AFTER, lastSeatBefore));
      target.commitIfNeeded(c);
    }
    return kind.verify(counted, after, repeated, tally, !target.autoCommit());
  }
}
