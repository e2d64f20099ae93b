package io.txbench.jdbc;

import java.util.List;

/** The airline's tables, in the order they are created. */
final class AirlineSchema {
  private AirlineSchema() {}

  static final TableDef AIRCRAFT =
      new TableDef(
          "aircraft",
          List.of("registration", "model", "capacity"),
          "CREATE TABLE aircraft (registration VARCHAR(8) PRIMARY KEY,"
              + " model VARCHAR(16) NOT NULL, capacity INT NOT NULL)",
          List.of());

  static final TableDef SCHEDULE =
      new TableDef(
          "schedule",
          List.of("schedule_id", "flight_number", "origin", "destination", "departure_minute",
              "arrival_minute", "duration_minutes", "days_of_week", "aircraft"),
          "CREATE TABLE schedule (schedule_id BIGINT PRIMARY KEY, flight_number VARCHAR(8) NOT NULL,"
              + " origin CHAR(3) NOT NULL, destination CHAR(3) NOT NULL,"
              + " departure_minute INT NOT NULL, arrival_minute INT NOT NULL,"
              + " duration_minutes INT NOT NULL, days_of_week INT NOT NULL,"
              + " aircraft VARCHAR(8) NOT NULL)",
          List.of());

  static final TableDef SEAT =
      new TableDef(
          "seat",
          List.of("seat_id", "schedule_id", "flight_date", "seat_number", "user_id", "booked_at"),
          "CREATE TABLE seat (seat_id %ID%, schedule_id BIGINT NOT NULL, flight_date DATE NOT NULL,"
              + " seat_number INT NOT NULL, user_id BIGINT NOT NULL, booked_at TIMESTAMP NOT NULL)",
          "seat_id",
          List.of());

  static final TableDef PAYMENT =
      new TableDef(
          "payment",
          List.of("payment_id", "schedule_id", "flight_date", "user_id", "amount", "paid_at"),
          "CREATE TABLE payment (payment_id %ID%, schedule_id BIGINT NOT NULL,"
              + " flight_date DATE NOT NULL, user_id BIGINT NOT NULL,"
              + " amount DECIMAL(10, 2) NOT NULL, paid_at TIMESTAMP NOT NULL)",
          "payment_id",
          List.of());

  static final TableDef AUDIT =
      new TableDef(
          "audit",
          List.of("schedule_id", "flight_date", "seats_occupied"),
          "CREATE TABLE audit (schedule_id BIGINT NOT NULL, flight_date DATE NOT NULL,"
              + " seats_occupied INT NOT NULL, PRIMARY KEY (schedule_id, flight_date))",
          List.of());

  static final List<TableDef> ALL = List.of(AIRCRAFT, SCHEDULE, SEAT, PAYMENT, AUDIT);

  /** The name under which the record and the leases know these tables. */
  static final String GROUP = "airline";

  /** The flight and how full it is on that day, in one read. */
  static final String READ_FLIGHT =
      "SELECT s.duration_minutes, a.capacity, COALESCE(au.seats_occupied, 0)"
          + " FROM schedule s JOIN aircraft a ON a.registration = s.aircraft"
          + " LEFT JOIN audit au ON au.schedule_id = s.schedule_id AND au.flight_date = ?"
          + " WHERE s.schedule_id = ?";

  static final String INSERT_SEAT =
      "INSERT INTO seat (schedule_id, flight_date, seat_number, user_id, booked_at)"
          + " VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)";

  static final String INSERT_PAYMENT =
      "INSERT INTO payment (schedule_id, flight_date, user_id, amount, paid_at)"
          + " VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)";

  /**
   * Seats after a given {@code seat_id} that repeat a (flight, day, seat number) among themselves:
   * the seats beyond the first of each number.
   */
  static final String REPEATED_SEATS_AFTER =
      "SELECT COALESCE(SUM(n - 1), 0) FROM (SELECT COUNT(*) AS n FROM seat WHERE seat_id > %d"
          + " GROUP BY schedule_id, flight_date, seat_number HAVING COUNT(*) > 1) d";
}
