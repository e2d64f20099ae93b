package io.txbench.jdbc.workloads;

import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Oltp;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * {@link Oltp} on SQL, sysbench's {@code oltp_read_only}, {@code oltp_write_only} and {@code
 * oltp_read_write}: one transaction on a random table, in sysbench's order, {@code --point-selects}
 * rows by id, then the simple, sum, order and distinct ranges of {@code --range-size} ids (clipped
 * to the table), then the writes ({@link OltpWrites}). Every statement is counted as sysbench
 * counts it (by the session that runs it, {@link SqlSteps}), with BEGIN and COMMIT as two others in
 * a transaction; with {@code --skip-trx} the connections commit each statement on their own and
 * there are none.
 */
public final class OltpWorkload extends ItemWorkload {
  private final int pointSelects;
  private final int simpleRanges;
  private final int sumRanges;
  private final int orderRanges;
  private final int distinctRanges;
  private final long rangeSize;
  private final OltpWrites writes;
  private final List<OltpTable> oltpTables;
  private final List<String> prepared;

  public OltpWorkload(
      JdbcTarget target, Oltp kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry);
    OptionValues values = options.declared();
    pointSelects = (int) kind.per(values, Oltp.POINT_SELECTS);
    simpleRanges = (int) kind.per(values, Oltp.SIMPLE_RANGES);
    sumRanges = (int) kind.per(values, Oltp.SUM_RANGES);
    orderRanges = (int) kind.per(values, Oltp.ORDER_RANGES);
    distinctRanges = (int) kind.per(values, Oltp.DISTINCT_RANGES);
    rangeSize = kind.per(values, Oltp.RANGE_SIZE);
    boolean deleteReturns = target.dialect().deleteReturns(target.serverVersion());
    writes = new OltpWrites(kind, values, deleteReturns, target.autoCommit(), data, keys);
    oltpTables =
        tables().stream()
            .map(t -> new OltpTable(t, Stream.of(OltpSql.values()).map(s -> s.sql(t)).toList()))
            .toList();
    List<OltpSql> used = used();
    prepared = oltpTables.stream().flatMap(t -> used.stream().map(t::sql)).toList();
  }

  /** The statements a transaction of these options runs, prepared up front on every table. */
  private List<OltpSql> used() {
    List<OltpSql> used = new ArrayList<>();
    addIf(used, pointSelects, OltpSql.POINT_SELECT);
    addIf(used, simpleRanges, OltpSql.SIMPLE_RANGE);
    addIf(used, sumRanges, OltpSql.SUM_RANGE);
    addIf(used, orderRanges, OltpSql.ORDER_RANGE);
    addIf(used, distinctRanges, OltpSql.DISTINCT_RANGE);
    used.addAll(writes.statements());
    return used;
  }

  private static void addIf(List<OltpSql> used, int count, OltpSql statement) {
    if (count > 0) {
      used.add(statement);
    }
  }

  @Override
  public List<String> statements() {
    return prepared;
  }

  /** One transaction on a random table: its reads, then its writes, in sysbench's order. */
  @Override
  public SqlIteration begin(Worker worker) {
    SplittableRandom random = worker.random();
    OltpTable table = oltpTables.get(randomTable(random));
    StepSequence steps = new StepSequence();
    for (int i = 0; i < pointSelects; i++) {
      steps.thenSend(() -> SqlStatement.read(table.sql(OltpSql.POINT_SELECT), randomId(random)));
    }
    ranges(steps, table.sql(OltpSql.SIMPLE_RANGE), simpleRanges, random);
    ranges(steps, table.sql(OltpSql.SUM_RANGE), sumRanges, random);
    ranges(steps, table.sql(OltpSql.ORDER_RANGE), orderRanges, random);
    ranges(steps, table.sql(OltpSql.DISTINCT_RANGE), distinctRanges, random);
    writes.addTo(steps, table, random);
    return steps;
  }

  /**
   * {@code count} reads of {@code sql} over ranges of {@link #rangeSize} ids from a random one,
   * clipped to the table.
   */
  private void ranges(StepSequence steps, String sql, int count, SplittableRandom random) {
    for (int i = 0; i < count; i++) {
      steps.thenSend(
          () -> {
            long start = randomId(random);
            return SqlStatement.read(sql, start, Math.min(start + rangeSize - 1, rows));
          });
    }
  }
}
