package io.txbench.jdbc.workloads;

import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ItemKind;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.SQLException;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The item kinds of one statement per iteration on a random table (point-select, insert, update,
 * delete, and the range kinds): the statement's text for each table, prepared on every worker's
 * session before the run. A kind says only which statement and what its answer means ({@link
 * SqlSteps}), whichever client runs it.
 */
abstract class OneStatementWorkload extends ItemWorkload {
  private final List<String> statements;

  /** {@code sql} names the table {@code %T}. */
  OneStatementWorkload(
      JdbcTarget target,
      ItemKind kind,
      WorkloadOptions options,
      SchemaRegistry registry,
      String sql) {
    super(target, kind, options, registry);
    statements = perTable(sql);
  }

  @Override
  public List<String> statements() {
    return statements;
  }

  /** The statement on a random table, as sysbench picks one per iteration. */
  String randomStatement(SplittableRandom random) {
    return statements.get(randomTable(random));
  }

  @Override
  public SqlIteration begin(Worker worker) {
    return next(worker.random());
  }

  /** The iteration's statement, drawn with {@code random}, and what its answer must be. */
  abstract SqlIteration next(SplittableRandom random);

  /**
   * {@code statement} on the row {@code id}, which must find it: every id drawn is a row prepare
   * loaded, and one missing means the data is not what prepare left.
   */
  static SqlIteration onLoadedRow(SqlStatement statement, long id) {
    return SqlIteration.of(
        statement,
        rows -> {
          if (rows != 1) {
            throw new SQLException("row " + id + " of table item is missing");
          }
        });
  }
}
