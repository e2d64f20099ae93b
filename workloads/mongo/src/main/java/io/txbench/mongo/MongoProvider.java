package io.txbench.mongo;

import io.txbench.core.DeclaredOption;
import io.txbench.core.Dropped;
import io.txbench.core.EmbeddedServer;
import io.txbench.core.Lease;
import io.txbench.core.LeaseMode;
import io.txbench.core.LeaseRecord;
import io.txbench.core.LibraryLogger;
import io.txbench.core.Target;
import io.txbench.core.TargetOptions;
import io.txbench.core.TargetUnavailableException;
import io.txbench.core.ToolVersion;
import io.txbench.core.Workload;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.WorkloadProvider;
import java.util.ArrayList;
import java.util.List;

/** The {@code mongo} target. */
public final class MongoProvider implements WorkloadProvider {

  @Override
  public String target() {
    return "mongo";
  }

  @Override
  public int defaultPort() {
    return 27017;
  }

  @Override
  public String defaultUser() {
    return null;
  }

  @Override
  public String defaultDatabase() {
    return "txbench";
  }

  @Override
  public void checkUrl(TargetOptions options) {
    MongoTarget.connectionString(options); // throws IllegalArgumentException, in words
  }

  @Override
  public boolean acceptsUrl(String url) {
    return WorkloadProvider.hasScheme(url, "mongodb:", "mongodb+srv:");
  }

  /** The in-process emulator: no real MongoDB ships in a JAR. */
  @Override
  public EmbeddedServer startEmbedded(String why) {
    return MongoEmulator.start();
  }

  @Override
  public List<DeclaredOption<?>> options() {
    return MongoOptions.DECLARED;
  }

  @Override
  public List<LibraryLogger> loggers() {
    return List.of(new LibraryLogger("org.mongodb.driver", "WARN"),
        new LibraryLogger("de.bwaldvogel", "OFF"));
  }

  @Override
  public List<String> workloads() {
    return WorkloadOptions.ALL;
  }

  @Override
  public Target open(TargetOptions target, WorkloadOptions workload)
      throws TargetUnavailableException {
    MongoTarget mongo = MongoTarget.open(target);
    if (workload.transactional() && !mongo.supportsTransactions()) {
      mongo.close();
      throw new TargetUnavailableException("the MongoDB server at " + target.describe()
          + " is standalone, and only a replica set or a sharded cluster has transactions:"
          + " start one (docker compose -f docker/compose.yaml up -d mongo starts a one-node"
          + " replica set) or run airline with --disable-transaction");
    }
    return mongo;
  }

  @Override
  public Dropped dropOwned(Target target) throws Exception {
    MongoTarget mongo = (MongoTarget) target;
    MongoRegistry registry = new MongoRegistry(mongo.database(), ToolVersion.get());
    if (!mongo.database().listCollectionNames().into(new ArrayList<>())
        .contains(MongoRegistry.META)) {
      return new Dropped(List.of(), List.of());
    }
    List<String> leftAlone = new ArrayList<>();
    try (Lease lease = registry.lease(LeaseRecord.ALL_GROUPS, LeaseMode.EXCLUSIVE)) {
      List<String> dropped = new ArrayList<>(registry.dropOwned(leftAlone));
      mongo.database().getCollection(MongoLeaseStore.COLLECTION).drop();
      dropped.add(MongoLeaseStore.COLLECTION);
      return new Dropped(dropped, leftAlone);
    }
  }

  @Override
  public Workload<?> workload(Target target, WorkloadOptions options) {
    MongoTarget mongo = (MongoTarget) target;
    MongoRegistry registry = new MongoRegistry(mongo.database(), ToolVersion.get());
    return switch (options.name()) {
      case WorkloadOptions.AIRLINE -> new MongoAirlineWorkload(mongo, options, registry);
      case WorkloadOptions.POINT_SELECT -> new MongoPointSelectWorkload(mongo, options, registry);
      case WorkloadOptions.INSERT -> new MongoInsertWorkload(mongo, options, registry);
      case WorkloadOptions.UPDATE -> new MongoUpdateWorkload(mongo, options, registry);
      default -> throw new IllegalArgumentException("unknown workload " + options.name());
    };
  }
}
