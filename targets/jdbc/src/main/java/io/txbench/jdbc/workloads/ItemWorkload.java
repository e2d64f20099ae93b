package io.txbench.jdbc.workloads;

import io.txbench.core.data.ItemData;
import io.txbench.core.keys.KeyChooser;
import io.txbench.core.spi.Growth;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ItemEvidence;
import io.txbench.core.workloads.ItemFigures;
import io.txbench.core.workloads.ItemKind;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.TableLoad;
import io.txbench.jdbc.client.TableLoader;
import io.txbench.jdbc.schema.ItemRows;
import io.txbench.jdbc.schema.RowShape;
import io.txbench.jdbc.schema.SchemaRegistry;
import io.txbench.jdbc.schema.SqlQueries;
import io.txbench.jdbc.schema.TableDef;
import io.txbench.jdbc.schema.TableGrowth;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;

/**
 * What the kinds on items share on SQL ({@link ItemKind}): loading the {@code --tables} tables
 * {@code item}, {@code item2}, ... in parallel, attaching to them, choosing a table and a key for
 * an iteration, and reading the figures the kind's verify compares; each kind's class has only its
 * statements. The table's shape (its columns and rows) is sysbench's; a subclass may give another
 * ({@link RowShape}).
 */
public abstract class ItemWorkload extends SqlWorkload<ItemKind> {
  final ItemData data;
  final RowShape shape;
  private final List<String> tables;
  private final TableLoader loader;
  private @Nullable ItemFigures before; // taken by beforeRun

  /** The ids 1 to rows exist in every table: loaded by prepare, or read from the record. */
  long rows;

  /** Chooses keys from 1 to {@link #rows}, by {@code --distribution}. */
  final KeyChooser keys;

  ItemWorkload(JdbcTarget target, ItemKind kind, WorkloadOptions options, SchemaRegistry registry) {
    this(target, kind, options, registry, new ItemRows(new ItemData(options.seed())));
  }

  ItemWorkload(
      JdbcTarget target,
      ItemKind kind,
      WorkloadOptions options,
      SchemaRegistry registry,
      RowShape shape) {
    super(target, kind, options, registry);
    this.data = new ItemData(options.seed());
    this.shape = shape;
    this.rows = ItemKind.tableSize(options.declared());
    List<String> names = new ArrayList<>();
    for (int n = 1; n <= ItemKind.tables(options.declared()); n++) {
      names.add(ItemKind.tableName(kind.table(), n));
    }
    this.tables = List.copyOf(names);
    this.loader = new TableLoader(target);
    this.keys = kind.distribution(options.declared()).over(() -> rows);
  }

  /** The tables, in order: {@code item}, {@code item2}, ... */
  List<String> tables() {
    return tables;
  }

  /** Each table's statement {@code sql} with {@code %T} standing for the table's name. */
  List<String> perTable(String sql) {
    return tables.stream().map(t -> sql.replace("%T", t)).toList();
  }

  /** The index of a random table, as sysbench picks one per transaction. */
  int randomTable(SplittableRandom random) {
    return tables.size() == 1 ? 0 : random.nextInt(tables.size());
  }

  @Override
  public void prepare(Progress progress) throws SQLException, SetupException, InterruptedException {
    long size = ItemKind.tableSize(options.declared());
    List<TableDef> defs = tables.stream().map(shape::tableDef).toList();
    try (Connection c = target.controlConnection()) {
      c.setAutoCommit(true);
      registry.recreate(c, defs, kind.dataSet(), size, options.seed());
    }
    load(1, size, progress);
    try (Connection c = target.controlConnection()) {
      c.setAutoCommit(true);
      registry.finish(c, defs);
    }
    rows = size;
  }

  /**
   * Adds the rows from the recorded size + 1 to {@code --table-size} to every table, which keep
   * their indexes (each row goes into them as it is loaded) and their rows.
   */
  @Override
  public Growth grow(Progress progress) throws SQLException, SetupException, InterruptedException {
    long size = ItemKind.tableSize(options.declared());
    List<TableDef> defs = tables.stream().map(shape::tableDef).toList();
    TableGrowth.Check check;
    try (Connection c = target.controlConnection()) {
      c.setAutoCommit(true);
      check = TableGrowth.check(c, registry, defs, options.seed(), size);
      if (check.refusal() != null) {
        return Growth.refused(check.refusal());
      }
      registry.growing(c, defs, size);
    }
    load(check.rows() + 1, size, progress);
    try (Connection c = target.controlConnection()) {
      c.setAutoCommit(true);
      registry.grown(c, defs);
    }
    rows = size;
    return Growth.grown();
  }

  /**
   * Loads the ids {@code first} to {@code size} into every table, in parallel; each table's rows
   * from a random stream of the seed, the table and {@code first} ({@link ItemData#rowsRandom}),
   * their {@code k} drawn over {@code size}. The id sequences end past them.
   */
  private void load(long first, long size, Progress progress)
      throws SQLException, InterruptedException {
    List<TableLoad> loads = new ArrayList<>();
    List<String> columns = shape.loadColumns();
    for (int n = 0; n < tables.size(); n++) {
      SplittableRandom random = ItemData.rowsRandom(options.seed(), n, first);
      loads.add(
          new TableLoad(
              tables.get(n),
              columns,
              size - first + 1,
              sink -> {
                Object[] row = new Object[columns.size()];
                for (long id = first; id <= size; id++) {
                  shape.fillRow(row, id, size, random);
                  sink.row(row);
                }
              }));
    }
    String what = tables.size() == 1 ? tables.get(0) : tables.size() + " tables";
    loader.load(loads, (first == 1 ? "loading " : "growing ") + what, progress);
  }

  @Override
  public OptionValues attach() throws SQLException, SetupException {
    try (Connection c = target.controlConnection()) {
      long least = Long.MAX_VALUE;
      for (String table : tables) {
        least = Math.min(least, registry.attach(c, shape.tableDef(table)));
      }
      rows = least;
    }
    return ItemKind.loaded(rows);
  }

  /** A key among the loaded rows, by {@code --distribution}. */
  long randomId(SplittableRandom random) {
    return keys.next(random);
  }

  /**
   * The first id of a range of {@code size} ids: a key by {@code --distribution}, moved back where
   * the range would run past the loaded rows, so that on a full table it covers {@code size} rows.
   */
  long rangeStart(SplittableRandom random, long size) {
    return Math.max(1, Math.min(randomId(random), rows - size + 1));
  }

  @Override
  public void beforeRun() throws SQLException {
    before = figures();
  }

  @Override
  public Verification verify(Tally tally) throws SQLException {
    ItemFigures counted = before;
    if (counted == null) {
      throw new IllegalStateException("verify needs the figures beforeRun takes");
    }
    // The rows changed first: an iteration counts them once it committed, so every row counted is
    // in
    // the figures read after, even that of a late iteration still finishing.
    long changed = rowsChanged();
    ItemFigures after = figures();
    return kind.verify(new ItemEvidence(counted, after, tally, options.declared(), changed));
  }

  /**
   * The rows the committed iterations of this run said they changed, for kinds that count them (a
   * range update); 0 otherwise.
   */
  long rowsChanged() {
    return 0;
  }

  /** The rows, the updates counted and the sum of k over every table, read in one transaction. */
  private ItemFigures figures() throws SQLException {
    try (Connection c = target.controlConnection()) {
      long rowCount = 0;
      long updates = 0;
      long kSum = 0;
      for (String table : tables) {
        rowCount += SqlQueries.single(c, "SELECT COUNT(*) FROM " + table);
        updates += SqlQueries.single(c, "SELECT COALESCE(SUM(updates), 0) FROM " + table);
        kSum += SqlQueries.single(c, "SELECT " + shape.kSumExpression() + " FROM " + table);
      }
      target.commitIfNeeded(c);
      return new ItemFigures(rowCount, updates, kSum);
    }
  }
}
