package io.txbench.mongo;

import io.txbench.core.ownership.LeaseRecord;
import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.Dropped;
import io.txbench.core.spi.EmbeddedServer;
import io.txbench.core.spi.LibraryLogger;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.WorkloadTable;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import io.txbench.core.telemetry.ToolVersion;
import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.Analytics;
import io.txbench.core.workloads.Count;
import io.txbench.core.workloads.Delete;
import io.txbench.core.workloads.Insert;
import io.txbench.core.workloads.MixKind;
import io.txbench.core.workloads.Oltp;
import io.txbench.core.workloads.PointSelect;
import io.txbench.core.workloads.RangeScan;
import io.txbench.core.workloads.ScriptKind;
import io.txbench.core.workloads.Update;
import io.txbench.core.workloads.UpdateMany;
import io.txbench.core.workloads.Ycsb;
import io.txbench.mongo.client.MongoEmulator;
import io.txbench.mongo.client.MongoOptions;
import io.txbench.mongo.client.MongoTarget;
import io.txbench.mongo.schema.MongoLeaseStore;
import io.txbench.mongo.schema.MongoRegistry;
import io.txbench.mongo.workloads.MongoAirlineWorkload;
import io.txbench.mongo.workloads.MongoAnalyticsWorkload;
import io.txbench.mongo.workloads.MongoCountWorkload;
import io.txbench.mongo.workloads.MongoDeleteWorkload;
import io.txbench.mongo.workloads.MongoInsertWorkload;
import io.txbench.mongo.workloads.MongoMixWorkload;
import io.txbench.mongo.workloads.MongoOltpWorkload;
import io.txbench.mongo.workloads.MongoPointSelectWorkload;
import io.txbench.mongo.workloads.MongoRangeScanWorkload;
import io.txbench.mongo.workloads.MongoScriptSyntax;
import io.txbench.mongo.workloads.MongoScriptWorkload;
import io.txbench.mongo.workloads.MongoUpdateManyWorkload;
import io.txbench.mongo.workloads.MongoUpdateWorkload;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

public final class MongoBinding implements TargetBinding {

  @Override
  public String target() {
    return "mongo";
  }

  @Override
  public int defaultPort() {
    return 27017;
  }

  @Override
  public @Nullable String defaultUser() {
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
  public List<String> urlSchemes() {
    return List.of("mongodb:", "mongodb+srv:");
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
    return List.of(
        new LibraryLogger("org.mongodb.driver", "WARN"), new LibraryLogger("de.bwaldvogel", "OFF"));
  }

  @Override
  public WorkloadTable<MongoTarget> workloads() {
    WorkloadTable<MongoTarget> table =
        WorkloadTable.<MongoTarget>of()
            .serve(new Airline(), MongoAirlineWorkload::new)
            .serve(new PointSelect(), MongoPointSelectWorkload::new)
            .serve(new Insert(), MongoInsertWorkload::new)
            .serve(new Update(), MongoUpdateWorkload::new);
    for (Oltp.Variant variant : Oltp.Variant.values()) {
      table = table.serve(new Oltp(variant), MongoOltpWorkload::new);
    }
    table =
        table
            .serve(new Delete(), MongoDeleteWorkload::new)
            .serve(new RangeScan(), MongoRangeScanWorkload::new)
            .serve(new Count(), MongoCountWorkload::new)
            .serve(new UpdateMany(), MongoUpdateManyWorkload::new)
            .serve(new MixKind(), MongoMixWorkload::new)
            .serve(new Analytics(), MongoAnalyticsWorkload::new)
            .serve(new ScriptKind(new MongoScriptSyntax()), MongoScriptWorkload::new);
    for (Ycsb.Preset preset : Ycsb.Preset.values()) {
      table = table.serve(new Ycsb(preset), MongoMixWorkload::new);
    }
    return table;
  }

  @Override
  public OpenTarget<MongoTarget, RuntimeException> open(
      TargetOptions target, WorkloadOptions workload) throws TargetUnavailableException {
    MongoTarget mongo = MongoTarget.open(target, workload.patience());
    if (workload.transactional() && !mongo.supportsTransactions()) {
      mongo.close();
      throw new TargetUnavailableException(
          "the MongoDB server at "
              + target.describe()
              + " is standalone, and only a replica set or a sharded cluster has transactions:"
              + " start one (docker compose -f docker/compose.yaml up -d mongo starts a one-node"
              + " replica set) or run "
              + workload.name()
              + " with "
              + workload.kind().withoutTransactionOption().name());
    }
    return new OpenTarget<>(mongo, workloads()::build, MongoBinding::dropOwned);
  }

  private static Dropped dropOwned(MongoTarget mongo) throws SetupException {
    MongoRegistry registry = new MongoRegistry(mongo.database(), ToolVersion.get());
    if (!mongo
        .database()
        .listCollectionNames()
        .into(new ArrayList<>())
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
}
