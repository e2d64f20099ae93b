package io.txbench.jdbc;

import io.txbench.core.DeclaredOption;
import io.txbench.core.Dropped;
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
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** The workloads every SQL database serves; a database module supplies only its dialect. */
public abstract class JdbcProvider implements WorkloadProvider {

  protected abstract SqlDialect dialect();

  @Override
  public int defaultPort() {
    return dialect().defaultPort();
  }

  @Override
  public String defaultUser() {
    return dialect().defaultUser();
  }

  @Override
  public String defaultDatabase() {
    return dialect().defaultDatabase();
  }

  @Override
  public List<DeclaredOption<?>> options() {
    return List.of(IsolationLevel.OPTION);
  }

  /** The connection pool's: quiet, as its warnings repeat what txbench reports in words. */
  @Override
  public List<LibraryLogger> loggers() {
    return List.of(new LibraryLogger("com.zaxxer.hikari", "OFF"));
  }

  @Override
  public List<String> workloads() {
    return WorkloadOptions.ALL;
  }

  @Override
  public Target open(TargetOptions target, WorkloadOptions workload)
      throws TargetUnavailableException {
    return JdbcTarget.open(dialect(), target, !workload.transactional());
  }

  @Override
  public Dropped dropOwned(Target target) throws Exception {
    JdbcTarget jdbc = (JdbcTarget) target;
    SchemaRegistry registry = new SchemaRegistry(jdbc.dialect(), ToolVersion.get());
    List<String> leftAlone = new ArrayList<>();
    try (Connection c = jdbc.controlConnection()) {
      c.setAutoCommit(true);
      if (!SchemaRegistry.exists(c, SchemaRegistry.META)) {
        return new Dropped(List.of(), List.of());
      }
    }
    try (Lease lease = registry.lease(jdbc, LeaseRecord.ALL_GROUPS, LeaseMode.EXCLUSIVE);
        Connection c = jdbc.controlConnection()) {
      c.setAutoCommit(true);
      List<String> dropped = new ArrayList<>(registry.dropOwned(c, leftAlone));
      try (Statement s = c.createStatement()) {
        s.execute("DROP TABLE " + SqlLeaseStore.TABLE); // the leases, this one's last
      }
      dropped.add(SqlLeaseStore.TABLE);
      return new Dropped(dropped, leftAlone);
    }
  }

  @Override
  public Workload<?> workload(Target target, WorkloadOptions options) {
    JdbcTarget jdbc = (JdbcTarget) target;
    SchemaRegistry registry = new SchemaRegistry(jdbc.dialect(), ToolVersion.get());
    return switch (options.name()) {
      case WorkloadOptions.AIRLINE -> new AirlineWorkload(jdbc, options, registry);
      case WorkloadOptions.POINT_SELECT -> new PointSelectWorkload(jdbc, options, registry);
      case WorkloadOptions.INSERT -> new InsertWorkload(jdbc, options, registry);
      case WorkloadOptions.UPDATE -> new UpdateWorkload(jdbc, options, registry);
      default -> throw new IllegalArgumentException("unknown workload " + options.name());
    };
  }
}
