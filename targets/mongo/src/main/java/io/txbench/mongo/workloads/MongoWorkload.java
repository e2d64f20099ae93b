package io.txbench.mongo.workloads;

import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.Workload;
import io.txbench.core.spi.WorkloadKind;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import io.txbench.core.telemetry.ToolVersion;
import io.txbench.mongo.client.MongoTarget;
import io.txbench.mongo.schema.MongoRegistry;
import java.util.List;

/**
 * What every MongoDB workload keeps: its target, its kind and options, and txbench's record there,
 * which leases the kind's data set.
 */
abstract class MongoWorkload<K extends WorkloadKind, S extends AutoCloseable>
    implements Workload<S, RuntimeException> {
  final MongoTarget target;
  final K kind;
  final WorkloadOptions options;
  final MongoRegistry registry;

  MongoWorkload(MongoTarget target, K kind, WorkloadOptions options) {
    this.target = target;
    this.kind = kind;
    this.options = options;
    this.registry = new MongoRegistry(target.database(), ToolVersion.get());
  }

  @Override
  public Lease lease(LeaseMode mode) throws SetupException {
    return registry.lease(kind.dataSet(), mode);
  }

  /** The kind's operations recorded apart: a mix's, or the analytics queries chosen. */
  @Override
  public List<String> operations() {
    return kind.operations(options.declared()).orElse(List.of());
  }
}
