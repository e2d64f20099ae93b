package io.txbench.mongo.schema;

import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.Ycsb;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Every collection a MongoDB workload of txbench creates, with the fields of its documents: the
 * only names it ever drops or replaces, and how it tells its own from a user's.
 */
public final class MongoCollections {
  public static final List<String> AIRLINE =
      List.of("aircraft", "schedule", "seat", "payment", "audit");
  static final String ITEM = ItemKind.TABLE;
  static final String USERTABLE = Ycsb.TABLE;

  /**
   * The stem of a collection of items or of YCSB's, and its number from 2 to 1,000 ({@code item7}),
   * as {@code --tables} names them.
   */
  private static final Pattern NUMBERED =
      Pattern.compile("(" + ITEM + "|" + USERTABLE + ")(?:[2-9]|[1-9][0-9]{1,2}|1000)");

  private static final Set<String> ITEM_FIELDS = Set.of("_id", "k", "c", "pad", "updates");

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
          ITEM_FIELDS,
          "customer",
          Set.of("_id", "name"),
          "sales",
          Set.of("_id", "name"),
          "product",
          Set.of("_id", "name"),
          "ord",
          Set.copyOf(io.txbench.core.workloads.Analytics.withId("_id")));

  private MongoCollections() {}

  /**
   * Whether txbench makes a collection of that name: the airline's, the analytics', {@code item}
   * and {@code item2} to {@code item1000} of {@code --tables}, and {@code usertable} and its
   * numbered peers.
   */
  static boolean known(String name) {
    return FIELDS.containsKey(name) || name.equals(USERTABLE) || numbered(name) != null;
  }

  /** The stem of {@code item7} or {@code usertable7}, or null for any other name. */
  private static @Nullable String numbered(String name) {
    Matcher m = NUMBERED.matcher(name);
    return m.matches() ? m.group(1) : null;
  }

  /**
   * Whether a document of the collection {@code name} has exactly the fields txbench writes there:
   * YCSB's documents have {@code _id}, {@code updates} and field0 to fieldN-1, as many as {@code
   * --field-count} said.
   */
  static boolean shapedAsOwn(String name, Set<String> fields) {
    String numbered = numbered(name);
    String stem = numbered != null ? numbered : name;
    if (stem.equals(USERTABLE)) {
      return fields.equals(ycsbFields(fields.size() - 2));
    }
    return fields.equals(FIELDS.get(stem));
  }

  /** The fields of YCSB's documents of {@code count} fields; none for fewer than one. */
  private static Set<String> ycsbFields(int count) {
    if (count < 1) {
      return Set.of();
    }
    Set<String> fields = new HashSet<>(List.of("_id", "updates"));
    for (int f = 0; f < count; f++) {
      fields.add("field" + f);
    }
    return fields;
  }
}
