package io.txbench.jdbc;

import static io.txbench.core.workloads.Oltp.Variant.READ_ONLY;
import static io.txbench.core.workloads.Oltp.Variant.READ_WRITE;
import static io.txbench.core.workloads.Oltp.Variant.WRITE_ONLY;

import io.txbench.core.ownership.LeaseRecord;
import io.txbench.core.script.SqlSyntax;
import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.Dropped;
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
import io.txbench.jdbc.async.EventLoopClient;
import io.txbench.jdbc.client.IsolationLevel;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlDialect;
import io.txbench.jdbc.client.UnparsedUrl;
import io.txbench.jdbc.schema.OwnDatabase;
import io.txbench.jdbc.schema.SchemaRegistry;
import io.txbench.jdbc.schema.SqlCatalog;
import io.txbench.jdbc.schema.SqlLeaseStore;
import io.txbench.jdbc.workloads.AirlineWorkload;
import io.txbench.jdbc.workloads.AnalyticsWorkload;
import io.txbench.jdbc.workloads.CountWorkload;
import io.txbench.jdbc.workloads.DeleteWorkload;
import io.txbench.jdbc.workloads.InsertWorkload;
import io.txbench.jdbc.workloads.MixWorkload;
import io.txbench.jdbc.workloads.OltpWorkload;
import io.txbench.jdbc.workloads.PointSelectWorkload;
import io.txbench.jdbc.workloads.RangeScanWorkload;
import io.txbench.jdbc.workloads.ScriptWorkload;
import io.txbench.jdbc.workloads.SqlSteps;
import io.txbench.jdbc.workloads.UpdateManyWorkload;
import io.txbench.jdbc.workloads.UpdateWorkload;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** The workloads every SQL database serves; a database module supplies only its dialect. */
public abstract class JdbcBinding implements TargetBinding {

  protected abstract SqlDialect dialect();

  /** The dialect for a run's target options; the same for every run unless a target chooses. */
  protected SqlDialect dialect(TargetOptions options) {
    return dialect();
  }

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

  @Override
  public void checkUrl(TargetOptions options) {
    UnparsedUrl.check(options.url()); // throws IllegalArgumentException, in words
  }

  /** The connection pool's: quiet, as its warnings repeat what txbench reports in words. */
  @Override
  public List<LibraryLogger> loggers() {
    return List.of(new LibraryLogger("com.zaxxer.hikari", "OFF"));
  }

  /** Every kind, the same classes on every SQL database: the dialect says what differs. */
  @Override
  public WorkloadTable<JdbcTarget> workloads() {
    return WorkloadTable.<JdbcTarget>of()
        .serve(new Airline(), (t, kind, o) -> new AirlineWorkload(t, kind, o, registry(t)))
        .serve(new Analytics(), (t, kind, o) -> new AnalyticsWorkload(t, kind, o, registry(t)))
        .serve(new PointSelect(), (t, kind, o) -> new PointSelectWorkload(t, kind, o, registry(t)))
        .serve(new Insert(), (t, kind, o) -> new InsertWorkload(t, kind, o, registry(t)))
        .serve(new Update(), (t, kind, o) -> new UpdateWorkload(t, kind, o, registry(t)))
        .serve(new Delete(), (t, kind, o) -> new DeleteWorkload(t, kind, o, registry(t)))
        .serve(new RangeScan(), (t, kind, o) -> new RangeScanWorkload(t, kind, o, registry(t)))
        .serve(new Count(), (t, kind, o) -> new CountWorkload(t, kind, o, registry(t)))
        .serve(new UpdateMany(), (t, kind, o) -> new UpdateManyWorkload(t, kind, o, registry(t)))
        .serve(new Oltp(READ_ONLY), (t, kind, o) -> new OltpWorkload(t, kind, o, registry(t)))
        .serve(new Oltp(WRITE_ONLY), (t, kind, o) -> new OltpWorkload(t, kind, o, registry(t)))
        .serve(new Oltp(READ_WRITE), (t, kind, o) -> new OltpWorkload(t, kind, o, registry(t)))
        .serve(new MixKind(), (t, kind, o) -> MixWorkload.onItems(t, kind, o, registry(t)))
        .serve(
            new ScriptKind(new SqlSyntax()), (t, k, o) -> new ScriptWorkload(t, k, o, registry(t)))
        .serve(new Ycsb(Ycsb.Preset.A), JdbcBinding::ycsb)
        .serve(new Ycsb(Ycsb.Preset.B), JdbcBinding::ycsb)
        .serve(new Ycsb(Ycsb.Preset.C), JdbcBinding::ycsb)
        .serve(new Ycsb(Ycsb.Preset.D), JdbcBinding::ycsb)
        .serve(new Ycsb(Ycsb.Preset.E), JdbcBinding::ycsb)
        .serve(new Ycsb(Ycsb.Preset.F), JdbcBinding::ycsb);
  }

  private static MixWorkload ycsb(JdbcTarget target, Ycsb kind, WorkloadOptions options) {
    return MixWorkload.onUserTable(target, kind, options, registry(target));
  }

  private static SchemaRegistry registry(JdbcTarget target) {
    return new SchemaRegistry(target.dialect(), ToolVersion.get());
  }

  @Override
  public OpenTarget<JdbcTarget, SQLException> open(TargetOptions target, WorkloadOptions workload)
      throws TargetUnavailableException {
    JdbcTarget jdbc =
        JdbcTarget.open(dialect(target), target, !workload.transactional(), workload.patience());
    return new OpenTarget<>(jdbc, workloads()::build, JdbcBinding::dropOwned);
  }

  /**
   * Opens the target for workers on an event-loop client, which {@code client} makes once the JDBC
   * pools are open: those then serve prepare, verify and telemetry only, and open no worker
   * connection ahead. Results name the client as the driver, and it closes with the target; each
   * kind runs in its step-wise form.
   */
  protected final OpenTarget<JdbcTarget, SQLException> openOnEventLoop(
      TargetOptions target, WorkloadOptions workload, Supplier<EventLoopClient> client)
      throws TargetUnavailableException {
    TargetOptions noIdleWorkers =
        new TargetOptions(
            target.host(),
            target.port(),
            target.database(),
            target.user(),
            target.password(),
            target.url(),
            0,
            target.maxConnections(),
            target.connectionWaitTimeout(),
            target.connectionIdleTimeout(),
            target.declared());
    JdbcTarget jdbc =
        JdbcTarget.open(
            dialect(noIdleWorkers), noIdleWorkers, !workload.transactional(), workload.patience());
    EventLoopClient made = client.get();
    jdbc.workersOn(made.describe(), made);
    return new OpenTarget<>(
        jdbc,
        (t, options) -> {
          if (!(workloads().build(t, options) instanceof SqlSteps kind)) {
            throw new IllegalStateException(options.name() + " has no step-wise form");
          }
          return made.workload(kind, t);
        },
        JdbcBinding::dropOwned);
  }

  private static Dropped dropOwned(JdbcTarget jdbc) throws SQLException, SetupException {
    SchemaRegistry registry = new SchemaRegistry(jdbc.dialect(), ToolVersion.get());
    List<String> leftAlone = new ArrayList<>();
    try (Connection c = jdbc.controlConnection()) {
      c.setAutoCommit(true);
      if (!SqlCatalog.exists(c, SchemaRegistry.META)) {
        return new Dropped(databaseIfOwn(c), List.of());
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
      dropped.addAll(databaseIfOwn(c));
      return new Dropped(dropped, leftAlone);
    }
  }

  /** The database txbench created, once its tables are gone: dropped too, and named. */
  private static List<String> databaseIfOwn(Connection c) throws SQLException {
    return OwnDatabase.dropIfOwnAndEmpty(c).map(name -> "database " + name).stream().toList();
  }
}
