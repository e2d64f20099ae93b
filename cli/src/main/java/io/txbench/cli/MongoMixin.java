package io.txbench.cli;

import io.txbench.core.MongoOptions;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** MongoDB's session and transaction options, with the OnGres names. */
final class MongoMixin {
  @Spec(Spec.Target.MIXEE) CommandSpec spec;

  @Option(names = "--mongo-read-preference", paramLabel = "PREF", defaultValue = "primary",
      description = "mongo: transactions' read preference (primary, primaryPreferred, secondary,"
          + " secondaryPreferred, nearest). Default: ${DEFAULT-VALUE}.")
  String mongoReadPreference;

  @Option(names = "--mongo-read-concern", paramLabel = "LEVEL", defaultValue = "snapshot",
      description = "mongo: transactions' read concern (local, majority, snapshot)."
          + " Default: ${DEFAULT-VALUE}.")
  String mongoReadConcern;

  @Option(names = "--mongo-write-concern", paramLabel = "W", defaultValue = "majority",
      description = "mongo: transactions' write concern (majority, w1, w2, w3, journaled, or a"
          + " number). Default: ${DEFAULT-VALUE}.")
  String mongoWriteConcern;

  @Option(names = "--mongo-not-casually-consistent", arity = "0..1", fallbackValue = "true",
      paramLabel = "true|false",
      description = "mongo: sessions without causal consistency (the OnGres name, spelled so).")
  boolean mongoNotCausallyConsistent;


  /** The options as the driver reads them, checked. */
  MongoOptions toOptions() {
    List<String> preferences =
        List.of("primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest");
    if (!preferences.contains(mongoReadPreference)) {
      throw ConnectionMixin.usage(spec, "--mongo-read-preference: unknown read preference '" + mongoReadPreference
          + "'; one of: " + preferences);
    }
    List<String> concerns = List.of("local", "majority", "snapshot", "available", "linearizable");
    String concern = mongoReadConcern.toLowerCase(Locale.ROOT);
    if (!concerns.contains(concern)) {
      throw ConnectionMixin.usage(spec, "--mongo-read-concern: unknown read concern '" + mongoReadConcern + "'; one of: "
          + concerns);
    }
    String w = mongoWriteConcern.toLowerCase(Locale.ROOT);
    if (!w.matches("\\d+|majority|w1|w2|w3|acknowledged|unacknowledged|journaled")) {
      throw ConnectionMixin.usage(spec, "--mongo-write-concern: unknown write concern '" + mongoWriteConcern
          + "'; one of: majority, w1, w2, w3, acknowledged, unacknowledged, journaled, or a number");
    }
    return new MongoOptions(mongoReadPreference, concern, w, !mongoNotCausallyConsistent);
  }

}
