package io.txbench.jdbc;

import io.txbench.core.Lease;
import io.txbench.core.LeaseMode;
import io.txbench.core.Progress;
import io.txbench.core.Workload;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.data.ItemData;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What point-select, insert and update share: the table {@code item} of {@code --table-size} rows
 * with ids 1 to N, shaped as sysbench's {@code sbtest}, plus an {@code updates} counter.
 */
abstract class ItemWorkload implements Workload<JdbcSession> {
  static final String TABLE = "item";
  static final String SCHEMA_GROUP = "items";
  static final TableDef ITEM =
      new TableDef(
          TABLE,
          List.of("id", "k", "c", "pad", "updates"),
          "CREATE TABLE item (id %ID%, k INT NOT NULL, c VARCHAR(120) NOT NULL,"
              + " pad VARCHAR(60) NOT NULL, updates BIGINT NOT NULL DEFAULT 0)",
          "id",
          List.of("CREATE INDEX item_k ON item (k)"));

  final JdbcTarget target;
  final WorkloadOptions options;
  final ItemData data;
  private final SchemaRegistry registry;
  /** The ids 1 to rows exist: loaded by prepare, or read from txbench_meta on attach. */
  long rows;

  ItemWorkload(JdbcTarget target, WorkloadOptions options, SchemaRegistry registry) {
    this.target = target;
    this.options = options;
    this.registry = registry;
    this.data = new ItemData(options.seed());
    this.rows = options.tableSize();
  }

  @Override
  public void prepare(Progress progress) throws Exception {
    long size = options.tableSize();
    try (Connection c = target.controlConnection()) {
      c.setAutoCommit(true);
      registry.recreate(c, List.of(ITEM), SCHEMA_GROUP, size, options.seed());
      SplittableRandom random = data.loadRandom();
      TableLoad load =
          new TableLoad(TABLE, List.of("id", "k", "c", "pad"), size, sink -> {
            Object[] row = new Object[4];
            for (long id = 1; id <= size; id++) {
              row[0] = id;
              row[1] = ItemData.k(random, size);
              row[2] = data.c(random);
              row[3] = data.pad(random);
              sink.row(row);
            }
          });
      try (Progress.Task task = progress.start("loading " + TABLE, size)) {
        target.dialect().bulkLoader().load(c, load, task);
      }
      target.dialect().afterExplicitIds(c, TABLE, "id");
      registry.finish(c, List.of(ITEM));
    }
    rows = size;
  }

  @Override
  public void attach() throws Exception {
    try (Connection c = target.controlConnection()) {
      rows = registry.attach(c, ITEM);
    }
  }

  @Override
  public Lease lease(LeaseMode mode) throws Exception {
    return registry.lease(target, SCHEMA_GROUP, mode);
  }

  /** A random id among the loaded rows. */
  long randomId(SplittableRandom random) {
    return 1 + random.nextLong(rows);
  }

  static long count(Connection c) throws SQLException {
    return SqlQueries.single(c, "SELECT COUNT(*) FROM " + TABLE);
  }

  static long updates(Connection c) throws SQLException {
    return SqlQueries.single(c, "SELECT COALESCE(SUM(updates), 0) FROM " + TABLE);
  }

  /** Commits when the pool's connections do not commit each statement themselves. */
  void commit(Connection c) throws SQLException {
    if (!target.autoCommit()) {
      c.commit();
    }
  }
}
