package io.txbench.mongo.client;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.txbench.core.spi.Causes;
import io.txbench.core.spi.server.AbstractServerTelemetry;
import io.txbench.core.spi.server.CommitCounter;
import io.txbench.core.spi.server.CommitReading;
import io.txbench.core.spi.server.ServerEndpoint;
import io.txbench.core.spi.server.ServerTelemetry;
import io.txbench.core.spi.server.TelemetryColumn;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.bson.Document;

/**
 * MongoDB's counters from {@code serverStatus} (the clusterMonitor role's), on a client of
 * telemetry's own with one connection: the operation counters, the transactions committed and
 * aborted, WiredTiger's cache and write conflicts, the global lock's queues and the connections,
 * those of them the server reports (an emulator reports few). Its commit counter, {@code
 * transactions.totalCommitted}, counts every client's; a read of txbench's own, and a lease
 * heartbeat, are no transaction.
 */
final class MongoTelemetry extends AbstractServerTelemetry<RuntimeException> {
  /** Where each column is in serverStatus's answer, and what it is. */
  private static final Map<TelemetryColumn, List<String>> PATHS = paths();

  private static final String COMMITTED = "transactions_committed";
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

  private final MongoClient client;

  private MongoTelemetry(
      MongoClient client, List<TelemetryColumn> columns, Optional<ServerEndpoint> endpoint) {
    super(columns, endpoint, Optional.empty());
    this.client = client;
  }

  private static Map<TelemetryColumn, List<String>> paths() {
    Map<TelemetryColumn, List<String>> p = new LinkedHashMap<>();
    for (String op : List.of("insert", "query", "update", "delete", "getmore", "command")) {
      p.put(TelemetryColumn.counter("opcounters_" + op), List.of("opcounters", op));
    }
    p.put(TelemetryColumn.counter(COMMITTED), path("transactions.totalCommitted"));
    p.put(TelemetryColumn.counter("transactions_aborted"), path("transactions.totalAborted"));
    p.put(
        TelemetryColumn.gauge("wt_cache_bytes"),
        path("wiredTiger.cache.bytes currently in the cache"));
    p.put(
        TelemetryColumn.gauge("wt_cache_dirty_bytes"),
        path("wiredTiger.cache.tracked dirty bytes in the cache"));
    p.put(TelemetryColumn.counter("write_conflicts"), path("metrics.operation.writeConflicts"));
    p.put(
        TelemetryColumn.gauge("globallock_queue_readers"), path("globalLock.currentQueue.readers"));
    p.put(
        TelemetryColumn.gauge("globallock_queue_writers"), path("globalLock.currentQueue.writers"));
    p.put(TelemetryColumn.gauge("connections_current"), path("connections.current"));
    return p;
  }

  private static List<String> path(String dotted) {
    return List.of(dotted.split("\\."));
  }

  /** Opens a client like the target's with one connection, and sees what it may read. */
  static ServerTelemetry<RuntimeException> open(
      MongoClientSettings target, Optional<ServerEndpoint> endpoint) {
    MongoClient client =
        MongoClients.create(
            MongoClientSettings.builder(target)
                .applicationName("txbench-telemetry")
                .applyToConnectionPoolSettings(p -> p.maxSize(1).minSize(0))
                .applyToSocketSettings(
                    s -> s.readTimeout(READ_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS))
                .build());
    try {
      Map<String, Long> first = values(client, PATHS.keySet());
      List<TelemetryColumn> present =
          PATHS.keySet().stream().filter(c -> first.containsKey(c.name())).toList();
      return new MongoTelemetry(client, present, endpoint);
    } catch (RuntimeException e) {
      client.close();
      return ServerTelemetry.none(
          endpoint, Optional.of("no server telemetry: serverStatus: " + Causes.describe(e)));
    }
  }

  private static Map<String, Long> values(MongoClient client, Iterable<TelemetryColumn> wanted) {
    Document status = client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
    Map<String, Long> values = new LinkedHashMap<>();
    for (TelemetryColumn c : wanted) {
      Object value = status;
      for (String key : PATHS.getOrDefault(c, List.of())) { // each column wanted is there
        value = value instanceof Document d ? d.get(key) : null;
      }
      if (value instanceof Number n) {
        values.put(c.name(), n.longValue());
      }
    }
    return values;
  }

  @Override
  public Map<String, Long> read() {
    return values(client, columns());
  }

  @Override
  public Optional<CommitCounter<RuntimeException>> commits() {
    if (columns().stream().noneMatch(c -> c.name().equals(COMMITTED))) {
      return Optional.empty(); // a standalone server, or an emulator: no transactions
    }
    return Optional.of(
        new CommitCounter<RuntimeException>() {
          @Override
          public String name() {
            return "transactions.totalCommitted";
          }

          @Override
          public Optional<String> inapplicable(boolean transactions) {
            return transactions
                ? Optional.empty()
                : Optional.of("the iterations are no transactions");
          }

          @Override
          public CommitReading settle(Predicate<Duration> pause) {
            Long count = values(client, List.of(TelemetryColumn.counter(COMMITTED))).get(COMMITTED);
            if (count == null) {
              throw new IllegalStateException("serverStatus no longer counts transactions");
            }
            return CommitReading.of(count, Optional.empty(), List.of());
          }

          @Override
          public int commitsPerHeartbeat() {
            return 0;
          }
        });
  }

  @Override
  public void close() {
    client.close();
  }
}
