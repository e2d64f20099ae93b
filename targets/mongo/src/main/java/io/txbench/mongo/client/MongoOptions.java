package io.txbench.mongo.client;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.OptionRole;
import io.txbench.core.spi.OptionValues;
import java.util.List;
import java.util.Locale;

/**
 * MongoDB's session and transaction options, as names the driver reads: a read preference ({@code
 * primary}), a read concern ({@code snapshot}), a write concern ({@code majority}), and whether
 * sessions are causally consistent. The options keep the OnGres benchmark's names.
 */
public record MongoOptions(
    String readPreference, String readConcern, String writeConcern, boolean causallyConsistent) {

  /** The most members a replica set has, so the largest numbered write concern. */
  private static final int MAX_MEMBERS = 50;

  static final DeclaredOption<String> READ_PREFERENCE =
      DeclaredOption.oneOf(
          "--mongo-read-preference",
          "PREF",
          "transactions' read preference (primary,"
              + " primaryPreferred, secondary, secondaryPreferred, nearest).",
          "primary",
          List.of("primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest"));

  // The concerns are the transactions' guarantees: reports keep runs with others in series apart.
  static final DeclaredOption<String> READ_CONCERN =
      DeclaredOption.oneOf(
              "--mongo-read-concern",
              "LEVEL",
              "transactions' read concern (local, majority, snapshot).",
              "snapshot",
              List.of("local", "majority", "snapshot", "available", "linearizable"))
          .withRole(OptionRole.CONSISTENCY);

  static final DeclaredOption<String> WRITE_CONCERN =
      new DeclaredOption<>(
          "--mongo-write-concern",
          "W",
          "transactions' write concern (majority, w1, w2, w3," + " journaled, or a number).",
          "majority",
          false,
          MongoOptions::writeConcernName,
          false,
          OptionRole.CONSISTENCY);

  static final DeclaredOption<Boolean> NOT_CAUSALLY_CONSISTENT =
      DeclaredOption.flag(
          "--mongo-not-casually-consistent",
          "sessions without causal consistency (the OnGres name, spelled so).");

  /** The options the {@code mongo} target declares, in the order help lists them. */
  public static final List<DeclaredOption<?>> DECLARED =
      List.of(READ_PREFERENCE, READ_CONCERN, WRITE_CONCERN, NOT_CAUSALLY_CONSISTENT);

  /** The options as the run was given them. */
  static MongoOptions of(OptionValues values) {
    return new MongoOptions(
        values.get(READ_PREFERENCE),
        values.get(READ_CONCERN),
        values.get(WRITE_CONCERN),
        !values.get(NOT_CAUSALLY_CONSISTENT));
  }

  private static String writeConcernName(String text) {
    String w = text.strip().toLowerCase(Locale.ROOT);
    if (w.matches("\\d+")) {
      // A number of members to acknowledge: a replica set has at most 50.
      if (w.length() > 2 || Integer.parseInt(w) > MAX_MEMBERS) {
        throw new IllegalArgumentException(
            "a write concern of " + text + " members: a replica set has at most " + MAX_MEMBERS);
      }
      return w;
    }
    if (!w.matches("majority|w1|w2|w3|acknowledged|unacknowledged|journaled")) {
      throw new IllegalArgumentException(
          "unknown write concern '"
              + text
              + "'; one of: majority,"
              + " w1, w2, w3, acknowledged, unacknowledged, journaled, or a number");
    }
    return w;
  }
}
