package io.txbench.mongo.client;

import com.mongodb.MongoException;
import com.mongodb.client.MongoDatabase;
import io.txbench.core.spi.Causes;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The deployment's settings that decide a run's figures, each named by its path in the server's
 * answer: {@code version} (buildInfo), {@code storageEngine.name} and {@code
 * wiredTiger.cache.maximum bytes configured} (serverStatus), {@code setName} and {@code hosts}, how
 * many members the replica set has (hello), and {@code defaultWriteConcern} (getDefaultRWConcern,
 * MongoDB 4.4 and later). What the server does not answer, or the user may not ask (serverStatus
 * needs the clusterMonitor role), is left out.
 */
public final class MongoSettings {
  private static final Logger LOG = LoggerFactory.getLogger(MongoSettings.class);

  private MongoSettings() {}

  /**
   * The settings, from {@code hello} already asked and the commands still to ask on {@code admin}.
   */
  static Map<String, String> read(MongoDatabase admin, Document hello, String version) {
    return of(
        version,
        hello,
        command(admin, new Document("serverStatus", 1)),
        command(admin, new Document("getDefaultRWConcern", 1)));
  }

  /**
   * The settings in the answers of buildInfo ({@code version}), hello, serverStatus and
   * getDefaultRWConcern; an answer the server did not give is null.
   */
  static Map<String, String> of(
      String version,
      Document hello,
      @Nullable Document serverStatus,
      @Nullable Document defaultRwConcern) {
    Map<String, String> settings = new LinkedHashMap<>();
    put(settings, "version", version);
    put(settings, "storageEngine.name", at(serverStatus, "storageEngine", "name"));
    put(
        settings,
        "wiredTiger.cache.maximum bytes configured",
        at(serverStatus, "wiredTiger", "cache", "maximum bytes configured"));
    put(settings, "setName", hello.get("setName"));
    if (hello.containsKey("setName") && hello.get("hosts") instanceof List<?> hosts) {
      put(settings, "hosts", hosts.size());
    }
    Object writeConcern = at(defaultRwConcern, "defaultWriteConcern");
    put(
        settings,
        "defaultWriteConcern",
        writeConcern instanceof Document d ? d.toJson() : writeConcern);
    return Collections.unmodifiableMap(settings);
  }

  /** The command's answer; null, and a line at debug level, when the server does not give it. */
  private static @Nullable Document command(MongoDatabase admin, Document command) {
    try {
      return admin.runCommand(command);
    } catch (MongoException | IllegalArgumentException e) {
      LOG.debug("could not read {}: {}", command.keySet().iterator().next(), Causes.describe(e));
      return null;
    }
  }

  /** The value at {@code path} in {@code answer}; null when any step is missing. */
  private static @Nullable Object at(@Nullable Document answer, String... path) {
    Object value = answer;
    for (String step : path) {
      if (!(value instanceof Document d)) {
        return null;
      }
      value = d.get(step);
    }
    return value;
  }

  private static void put(Map<String, String> settings, String name, @Nullable Object value) {
    if (value instanceof Double d && d == Math.rint(d) && !d.isInfinite()) {
      value = d.longValue(); // the cache size, a double on some versions: 1073741824, not 1.07E9
    }
    if (value != null && !String.valueOf(value).isBlank()) {
      settings.put(name, String.valueOf(value));
    }
  }
}
