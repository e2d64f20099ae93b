package io.txbench.jdbc.workloads;

import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadKind;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import io.txbench.jdbc.client.JdbcSession;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.SQLException;
import java.util.List;

/**
 * What every SQL workload keeps: its target, its kind and options, and txbench's record there,
 * which leases the kind's data set; and a session of its own on each worker, its statements
 * prepared before the run ({@link SqlSteps}).
 */
abstract class SqlWorkload<K extends WorkloadKind> implements SqlSteps {
  final JdbcTarget target;
  final K kind;
  final WorkloadOptions options;
  final SchemaRegistry registry;

  SqlWorkload(JdbcTarget target, K kind, WorkloadOptions options, SchemaRegistry registry) {
    this.target = target;
    this.kind = kind;
    this.options = options;
    this.registry = registry;
  }

  @Override
  public Lease lease(LeaseMode mode) throws SQLException, SetupException {
    return registry.lease(target, kind.dataSet(), mode);
  }

  @Override
  public JdbcSession openSession(Worker worker) throws SQLException {
    return JdbcSession.open(target, worker, statements(), insertsReturningId());
  }

  /** The kind's operations recorded apart: a mix's, or the analytics queries chosen. */
  @Override
  public List<String> operations() {
    return kind.operations(options.declared()).orElse(List.of());
  }
}
