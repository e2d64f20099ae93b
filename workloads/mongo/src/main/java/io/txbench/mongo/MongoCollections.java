package io.txbench.mongo;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every collection a MongoDB workload of txbench creates, with the fields of its documents: the
 * only names it ever drops or replaces, and how it tells its own from a user's.
 */
final class MongoCollections {
  static final List<String> AIRLINE = List.of("aircraft", "schedule", "seat", "payment", "audit");
  static final String ITEM = "item";

  private static final Map<String, Set<String>> FIELDS =
      Map.of(
          "aircraft",
          Set.of("_id", "model", "capacity"),
          "schedule",
          Set.of(
              "_id",
              "flight_number",
              "origin",
              "destination",
              "departure_minute",
              "arrival_minute",
              "duration_minutes",
              "days_of_week",
              "aircraft"),
          "seat",
          Set.of("_id", "schedule_id", "flight_date", "seat_number", "user_id", "booked_at"),
          "payment",
          Set.of("_id", "schedule_id", "flight_date", "user_id", "amount", "paid_at"),
          "audit",
          Set.of("_id", "seats_occupied", "schedule_id", "flight_date"),
          ITEM,
          Set.of("_id", "k", "c", "pad", "updates"));

  private MongoCollections() {}

  static boolean known(String name) {
    return FIELDS.containsKey(name);
  }

  /** The fields of the documents txbench writes to {@code name}. */
  static Set<String> fields(String name) {
    return FIELDS.get(name);
  }
}
