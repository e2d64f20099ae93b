package io.txbench.jdbc;

import io.txbench.core.Lease;
import io.txbench.core.LeaseMode;
import io.txbench.core.Progress;
import io.txbench.core.Tally;
import io.txbench.core.Verification;
import io.txbench.core.Workload;
import io.txbench.core.WorkloadOptions;
import io.txbench.core.data.ItemData;
import io.txbench.core.kinds.ItemFigures;
import io.txbench.core.kinds.ItemKind;
import io.txbench.core.kinds.ItemRun;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What point-select, insert and update share on SQL ({@link ItemKind}): loading the table {@code
 * item}, attaching to it, and reading the figures the kind's verify compares; each kind's class has
 * only its statement.
 */
abstract class ItemWorkload implements Workload<JdbcSession> {
  static final String TABLE = "item";
  static final TableDef ITEM =
      new TableDef(
          TABLE,
          List.of("id", "k", "c", "pad", "updates"),
          "CREATE TABLE item (id %ID%, k INT NOT NULL, c VARCHAR(120) NOT NULL,"
              + " pad VARCHAR(60) NOT NULL, updates BIGINT NOT NULL DEFAULT 0)",
          "id",
          List.of("CREATE INDEX item_k ON item (k)"));

  final JdbcTarget target;
  final ItemData data;
  private final ItemKind kind;
  private final WorkloadOptions options;
  private final SchemaRegistry registry;
  private ItemFigures before;

  /** The ids 1 to rows exist: loaded by prepare, or read from txbench_meta on attach. */
  long rows;

  ItemWorkload(JdbcTarget target, ItemKind kind, WorkloadOptions options, SchemaRegistry registry) {
    this.target = target;
    this.kind = kind;
    this.options = options;
    this.registry = registry;
    this.data = new ItemData(options.seed());
    this.rows = ItemKind.tableSize(options.declared());
  }

  @Override
  public void prepare(Progress progress) throws Exception {
    long size = ItemKind.tableSize(options.declared());
    try (Connection c = target.controlConnection()) {
      c.setAutoCommit(true);
      registry.recreate(c, List.of(ITEM), kind.dataSet(), size, options.seed());
      SplittableRandom random = data.loadRandom();
      TableLoad load =
          new TableLoad(
              TABLE,
              List.of("id", "k", "c", "pad"),
              size,
              sink -> {
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
    return registry.lease(target, kind.dataSet(), mode);
  }

  /** A random id among the loaded rows. */
  long randomId(SplittableRandom random) {
    return 1 + random.nextLong(rows);
  }

  @Override
  public void beforeRun() throws SQLException {
    before = figures();
  }

  @Override
  public Verification verify(Tally tally) throws SQLException {
    return kind.verify(new ItemRun(before, figures(), tally, options.declared(), 0));
  }

  /** The rows and the updates counted, read in one transaction. */
  private ItemFigures figures() throws SQLException {
    try (Connection c = target.controlConnection()) {
      ItemFigures figures =
          new ItemFigures(
              SqlQueries.single(c, "SELECT COUNT(*) FROM " + TABLE),
              SqlQueries.single(c, "SELECT COALESCE(SUM(updates), 0) FROM " + TABLE),
              SqlQueries.single(c, "SELECT COALESCE(SUM(k), 0) FROM " + TABLE));
      if (!target.autoCommit()) {
        c.commit();
      }
      return figures;
    }
  }
}
