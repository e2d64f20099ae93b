package io.txbench.jdbc.workloads;

import io.txbench.core.data.ItemData;
import io.txbench.core.keys.KeyChooser;
import io.txbench.core.keys.KeyDistribution;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Growth;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Mix;
import io.txbench.core.workloads.MixKind;
import io.txbench.core.workloads.MixOperation;
import io.txbench.core.workloads.Ycsb;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlAnswer;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.schema.ItemRows;
import io.txbench.jdbc.schema.RowShape;
import io.txbench.jdbc.schema.SchemaRegistry;
import io.txbench.jdbc.schema.SqlQueries;
import io.txbench.jdbc.schema.UserTableRows;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

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
    super(target, kind, options, registry, shape);
    this.mix = kind.mix(options.declared());
    this.scanLength = MixKind.scanLength(options.declared());
    this.statements = tables().stream().map(t -> MixStatements.of(shape, t)).toList();
    KeyDistribution distribution = kind.distribution(options.declared());
    this.maxKeys = tables().stream().map(t -> new AtomicLong(rows)).toList();
    this.choosers = maxKeys.stream().map(highest -> distribution.over(highest::get)).toList();
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
  public List<String> statements() {
    List<String> sql = new ArrayList<>();
    for (MixStatements t : statements) {
      sql.addAll(t.plainOnes(mix));
    }
    return sql;
  }

  @Override
  public List<String> insertsReturningId() {
    return mix.has(MixOperation.INSERT)
        ? statements.stream().map(MixStatements::insert).toList()
        : List.of();
  }

  /** An operation drawn by weight on one key of a random table. */
  @Override
  public SqlIteration begin(Worker worker) {
    SplittableRandom random = worker.random();
    int op = mix.choose(random);
    worker.operation(op);
    int table = randomTable(random);
    MixStatements sql = statements.get(table);
    KeyChooser keys = choosers.get(table);
    return switch (mix.operations().get(op)) {
      case POINT_SELECT -> {
        long id = keys.next(random);
        yield found(SqlStatement.read(sql.read(), id), sql, id);
      }
      case UPDATE -> {
        long id = keys.next(random);
        String update = sql.updates().get(shape.chooseColumn(random));
        yield found(SqlStatement.write(update, shape.value(random), id), sql, id);
      }
      case READ_MODIFY_WRITE -> {
        long id = keys.next(random);
        String update = sql.updates().get(shape.chooseColumn(random));
        String value = shape.value(random);
        // One transaction, whether or not the other operations commit each statement.
        StepSequence steps = new StepSequence().inOneTransaction();
        steps.then(() -> found(SqlStatement.read(sql.read(), id), sql, id));
        steps.then(() -> found(SqlStatement.write(update, value, id), sql, id));
        yield steps;
      }
      case DELETE -> {
        long id = keys.next(random);
        yield found(SqlStatement.write(sql.delete(), id), sql, id);
      }
      case RANGE_SCAN -> {
        long start = keys.next(random);
        long length = 1 + random.nextLong(scanLength);
        yield SqlIteration.of(SqlStatement.read(sql.scan(), start, length), rows -> {});
      }
      case INSERT -> {
        Object[] row = new Object[shape.loadColumns().size()];
        AtomicLong highest = maxKeys.get(table);
        shape.fillRow(row, 0, highest.get(), random);
        yield new GeneratedIdInsert(sql, Arrays.copyOfRange(row, 1, row.length), highest);
      }
    };
  }

  /** {@code statement} on the key {@code id}, declined when it finds no row (YCSB's NOT_FOUND). */
  private static SqlIteration found(SqlStatement statement, MixStatements sql, long id) {
    return SqlIteration.of(
        statement,
        rows -> {
          if (rows == 0) {
            throw new DeclinedException("no row " + id + " in " + sql.table());
          }
        });
  }

  /**
   * Inserts a row but its id; the id the server gave it is offered to the readers once committed.
   */
  private static final class GeneratedIdInsert implements SqlIteration {
    private final MixStatements sql;
    private final Object[] values;
    private final AtomicLong highest;
    private long id;

    GeneratedIdInsert(MixStatements sql, Object[] values, AtomicLong highest) {
      this.sql = sql;
      this.values = values;
      this.highest = highest;
    }

    @Override
    public @Nullable SqlStatement next(@Nullable SqlAnswer last) throws SQLException {
      if (last == null) {
        return SqlStatement.write(sql.insert(), values).returning(1);
      }
      if (last.numbers().isEmpty()) {
        throw new SQLException("the insert into " + sql.table() + " returned no id");
      }
      id = last.number(0);
      return null;
    }

    @Override
    public void committed() {
      highest.accumulateAndGet(id, Math::max);
    }
  }
}
