package io.txbench.jdbc.workloads;

import io.txbench.core.data.ItemData;
import io.txbench.core.engine.Worker;
import io.txbench.core.keys.KeyChooser;
import io.txbench.core.keys.KeyDistribution;
import io.txbench.core.kinds.Mix;
import io.txbench.core.kinds.MixKind;
import io.txbench.core.kinds.MixOperation;
import io.txbench.core.kinds.Ycsb;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Growth;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.JdbcSession;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.schema.ItemRows;
import io.txbench.jdbc.schema.RowShape;
import io.txbench.jdbc.schema.SchemaRegistry;
import io.txbench.jdbc.schema.SqlQueries;
import io.txbench.jdbc.schema.TableDef;
import io.txbench.jdbc.schema.UserTableRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link MixKind} and YCSB's presets ({@link Ycsb}) on SQL: each iteration draws an operation by
 * weight and runs it on one key of one random table, in the rows' {@link RowShape} (the items, or
 * YCSB's usertable). Each operation is one statement, committed on its own as YCSB's JDBC binding
 * does, but a read-modify-write, whose read and update run in one transaction. A read, update or
 * delete of a missing key is declined (YCSB's NOT_FOUND). Inserts take the id the server generates,
 * as the {@code insert} workload's do, so that the two never collide; the highest key of each table
 * is kept as inserts commit, and keys are chosen up to it (the newest most, with {@code latest}).
 */
public final class MixWorkload extends ItemWorkload {
  private final RowShape shape;
  private final int readColumns;
  private final Mix mix;
  private final long scanLength;
  private final List<MixStatements> statements;
  private final List<AtomicLong> maxKeys;
  private final List<KeyChooser> choosers;

  private MixWorkload(
      JdbcTarget target,
      MixKind kind,
      WorkloadOptions options,
      SchemaRegistry registry,
      RowShape shape) {
    super(target, kind, options, registry);
    this.shape = shape;
    this.readColumns = shape.readColumns().size();
    this.mix = kind.mix(options.declared());
    this.scanLength = MixKind.scanLength(options.declared());
    MixStatements template = MixStatements.of(shape);
    this.statements = tables().stream().map(template::on).toList();
    KeyDistribution distribution = kind.distribution(options.declared());
    List<AtomicLong> max = new ArrayList<>();
    List<KeyChooser> chooser = new ArrayList<>();
    for (int n = 0; n < tables().size(); n++) {
      AtomicLong highest = new AtomicLong(rows);
      max.add(highest);
      chooser.add(distribution.over(highest::get));
    }
    this.maxKeys = List.copyOf(max);
    this.choosers = List.copyOf(chooser);
  }

  /** {@code --mix} on the item tables. */
  public static MixWorkload onItems(
      JdbcTarget target, MixKind kind, WorkloadOptions options, SchemaRegistry registry) {
    return new MixWorkload(
        target, kind, options, registry, new ItemRows(new ItemData(options.seed())));
  }

  /** A YCSB preset on YCSB's usertable. */
  public static MixWorkload onUserTable(
      JdbcTarget target, Ycsb kind, WorkloadOptions options, SchemaRegistry registry) {
    return new MixWorkload(
        target, kind, options, registry, UserTableRows.of(options.declared(), options.seed()));
  }

  @Override
  TableDef tableDef(String name) {
    return shape.tableDef(name);
  }

  @Override
  List<String> loadColumns() {
    return shape.loadColumns();
  }

  @Override
  void fillRow(Object[] row, long id, long size, SplittableRandom random) {
    shape.fillRow(row, id, size, random);
  }

  @Override
  String kSumExpression() {
    return shape.kSumExpression();
  }

  @Override
  public void prepare(Progress progress) throws SQLException, SetupException, InterruptedException {
    super.prepare(progress);
    readMaxKeys();
  }

  @Override
  public OptionValues attach() throws SQLException, SetupException {
    OptionValues loaded = super.attach();
    readMaxKeys();
    return loaded;
  }

  @Override
  public Growth grow(Progress progress) throws SQLException, SetupException, InterruptedException {
    Growth growth = super.grow(progress);
    if (growth.isGrown()) {
      readMaxKeys();
    }
    return growth;
  }

  /** Also catches up with the rows another run inserted since. */
  @Override
  public void beforeRun() throws SQLException {
    super.beforeRun();
    readMaxKeys();
  }

  /** Raises each table's highest key to the largest id it holds. */
  private void readMaxKeys() throws SQLException {
    try (Connection c = target.controlConnection()) {
      for (int n = 0; n < statements.size(); n++) {
        long max =
            SqlQueries.single(c, "SELECT COALESCE(MAX(id), 0) FROM " + statements.get(n).table());
        maxKeys.get(n).accumulateAndGet(max, Math::max);
      }
      target.commitIfNeeded(c);
    }
  }

  @Override
  public JdbcSession openSession(Worker worker) throws SQLException {
    List<String> sql = new ArrayList<>();
    List<String> inserts = new ArrayList<>();
    for (MixStatements t : statements) {
      sql.addAll(t.plainOnes(mix));
      if (mix.has(MixOperation.INSERT)) {
        inserts.add(t.insert());
      }
    }
    return JdbcSession.open(target, worker, sql, inserts);
  }

  @Override
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    SplittableRandom random = worker.random();
    int op = mix.choose(random);
    worker.operation(op);
    int table = randomTable(random);
    MixStatements sql = statements.get(table);
    switch (mix.operations().get(op)) {
      case POINT_SELECT -> {
        long id = choosers.get(table).next(random);
        session.transaction(s -> read(s, sql, id));
      }
      case UPDATE -> {
        long id = choosers.get(table).next(random);
        String update = sql.updates().get(shape.chooseColumn(random));
        String value = shape.value(random);
        session.transaction(s -> update(s, sql, update, value, id));
      }
      case READ_MODIFY_WRITE -> {
        long id = choosers.get(table).next(random);
        String update = sql.updates().get(shape.chooseColumn(random));
        String value = shape.value(random);
        // One transaction, whether or not the other operations commit each statement.
        session.oneTransaction(
            s -> {
              read(s, sql, id);
              return update(s, sql, update, value, id);
            });
      }
      case DELETE -> {
        long id = choosers.get(table).next(random);
        session.transaction(s -> delete(s, sql, id));
      }
      case RANGE_SCAN -> {
        long start = choosers.get(table).next(random);
        long length = 1 + random.nextLong(scanLength);
        session.transaction(s -> scan(s, sql, start, length));
      }
      case INSERT -> {
        AtomicLong highest = maxKeys.get(table);
        Object[] row = new Object[shape.loadColumns().size()];
        shape.fillRow(row, 0, highest.get(), random);
        Long id = session.transaction(s -> insert(s, sql, row)); // never null: insert gives one
        // Only a committed key is offered to the readers.
        if (id != null) {
          highest.accumulateAndGet(id, Math::max);
        }
      }
    }
  }

  private Void read(JdbcSession s, MixStatements sql, long id)
      throws SQLException, DeclinedException {
    try (ResultSet rs = s.read(s.statement(sql.read(), id))) {
      if (!rs.next()) {
        throw missing(sql, id);
      }
      for (int i = 1; i <= readColumns; i++) {
        rs.getString(i);
      }
    }
    return null;
  }

  private Void update(JdbcSession s, MixStatements sql, String statement, String value, long id)
      throws SQLException, AbandonedException, DeclinedException {
    if (s.write(s.statement(statement, value, id)) == 0) {
      throw missing(sql, id);
    }
    return null;
  }

  private static Void delete(JdbcSession s, MixStatements sql, long id)
      throws SQLException, AbandonedException, DeclinedException {
    if (s.write(s.statement(sql.delete(), id)) == 0) {
      throw missing(sql, id);
    }
    return null;
  }

  private Void scan(JdbcSession s, MixStatements sql, long start, long length) throws SQLException {
    try (ResultSet rs = s.read(s.statement(sql.scan(), start, length))) {
      while (rs.next()) {
        for (int i = 1; i <= readColumns; i++) {
          rs.getString(i);
        }
      }
    }
    return null;
  }

  /** Inserts {@code row} but its id, and returns the id the server gave it. */
  private static long insert(JdbcSession s, MixStatements sql, Object[] row)
      throws SQLException, AbandonedException {
    PreparedStatement insert = s.statement(sql.insert());
    for (int i = 1; i < row.length; i++) {
      insert.setObject(i, row[i]);
    }
    s.write(insert);
    try (ResultSet keys = insert.getGeneratedKeys()) {
      if (!keys.next()) {
        throw new SQLException("the insert into " + sql.table() + " returned no id");
      }
      return keys.getLong(1);
    }
  }

  private static DeclinedException missing(MixStatements sql, long id) {
    return new DeclinedException("no row " + id + " in " + sql.table());
  }
}
