package io.txbench.jdbc.schema;

import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.client.SqlDialect;
import java.util.List;

/** The airline's tables, in the order they are created. */
public final class AirlineSchema {
  private AirlineSchema() {}

  static final TableDef AIRCRAFT =
      new TableDef(
          "aircraft",
          "CREATE TABLE aircraft (registration VARCHAR(8) PRIMARY KEY,"
              + " model VARCHAR(16) NOT NULL, capacity INT NOT NULL)",
          List.of());

  public static final TableDef SCHEDULE =
      new TableDef(
          "schedule",
          "CREATE TABLE schedule (schedule_id BIGINT PRIMARY KEY, flight_number VARCHAR(8) NOT NULL,"
              + " origin CHAR(3) NOT NULL, destination CHAR(3) NOT NULL,"
              + " departure_minute INT NOT NULL, arrival_minute INT NOT NULL,"
              + " duration_minutes INT NOT NULL, days_of_week INT NOT NULL,"
              + " aircraft VARCHAR(8) NOT NULL)",
          List.of());

  static final TableDef SEAT =
      new TableDef(
          "seat",
          "CREATE TABLE seat (seat_id %ID%, schedule_id BIGINT NOT NULL, flight_date DATE NOT NULL,"
              + " seat_number INT NOT NULL, user_id BIGINT NOT NULL, booked_at TIMESTAMP NOT NULL)",
          "seat_id",
          List.of());

  static final TableDef PAYMENT =
      new TableDef(
          "payment",
          "CREATE TABLE payment (payment_id %ID%, schedule_id BIGINT NOT NULL,"
              + " flight_date DATE NOT NULL, user_id BIGINT NOT NULL,"
              + " amount DECIMAL(10, 2) NOT NULL, paid_at TIMESTAMP NOT NULL)",
          "payment_id",
          List.of());

  public static final TableDef AUDIT =
      new TableDef(
          "audit",
          "CREATE TABLE audit (schedule_id BIGINT NOT NULL, flight_date DATE NOT NULL,"
              + " seats_occupied INT NOT NULL, PRIMARY KEY (schedule_id, flight_date))",
          List.of());

  public static final List<TableDef> ALL = List.of(AIRCRAFT, SCHEDULE, SEAT, PAYMENT, AUDIT);

  /** The flight with its aircraft's capacity: read only, so never locked. */
  public static final String READ_FLIGHT =
      "SELECT s.duration_minutes, a.capacity"
          + " FROM schedule s JOIN aircraft a ON a.registration = s.aircraft"
          + " WHERE s.schedule_id = ?";

  /**
   * How many seats of the flight are taken that day: the day's audit row, no row when none are.
   * Whether the read locks it depends on the server ({@link #seatsTakenRead}).
   */
  static final String READ_SEATS_TAKEN =
      "SELECT seats_occupied FROM audit WHERE schedule_id = ? AND flight_date = ?";

  /**
   * The read of how many seats of a flight are taken that day, at {@code isolation}: the seat
   * number it books comes from it. Parameters schedule_id and flight_date; one column,
   * seats_occupied, and no row when no seat is taken. A plain read is enough where REPEATABLE READ
   * makes the second of two concurrent buyers fail on its update (PostgreSQL) and, at READ
   * COMMITTED, shows the anomaly that level allows.
   *
   * <p>InnoDB's REPEATABLE READ reads a snapshot but updates the latest row without an error, so
   * two buyers who read the same count would take the same seat number (and sell past capacity). A
   * MySQL application that updates what it read locks it ({@link SqlDialect#readToUpdate}): FOR
   * UPDATE on the audit row alone (on the join it would lock the aircraft row too, serialising
   * every buyer of that aircraft; MariaDB has no FOR UPDATE OF). On a missing row it takes a gap
   * lock, so two first buyers of a day may deadlock (1213, retried).
   */
  public static String seatsTakenRead(SqlDialect dialect, IsolationLevel isolation) {
    return dialect.readToUpdate(READ_SEATS_TAKEN, isolation);
  }

  /**
   * Adds one seat to the audit row of (schedule_id, flight_date), creating it if missing; the two
   * parameters are schedule_id and flight_date.
   */
  public static String auditUpsert(SqlDialect dialect) {
    return dialect.upsert(
        "INSERT INTO audit (schedule_id, flight_date, seats_occupied) VALUES (?, ?, 1)",
        "audit",
        "schedule_id, flight_date",
        "seats_occupied",
        "1");
  }

  public static final String INSERT_SEAT =
      "INSERT INTO seat (schedule_id, flight_date, seat_number, user_id, booked_at)"
          + " VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)";

  public static final String INSERT_PAYMENT =
      "INSERT INTO payment (schedule_id, flight_date, user_id, amount, paid_at)"
          + " VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)";

  /**
   * Seats sold past capacity: over every flight and day whose audit counts more seats than its
   * aircraft has, how many more. It reads the audit (one row per flight and day booked), not the
   * seats: cheap at any size, and the other checks tie the audit to the seats.
   */
  public static final String SEATS_OVER_CAPACITY =
      "SELECT COALESCE(SUM(au.seats_occupied - a.capacity), 0) FROM audit au"
          + " JOIN schedule s ON s.schedule_id = au.schedule_id"
          + " JOIN aircraft a ON a.registration = s.aircraft"
          + " WHERE au.seats_occupied > a.capacity";

  /**
   * Seats after a given {@code seat_id} that repeat a (flight, day, seat number) among themselves:
   * the seats beyond the first of each number.
   */
  public static final String REPEATED_SEATS_AFTER =
      "SELECT COALESCE(SUM(n - 1), 0) FROM (SELECT COUNT(*) AS n FROM seat WHERE seat_id > %d"
          + " GROUP BY schedule_id, flight_date, seat_number HAVING COUNT(*) > 1) d";
}
