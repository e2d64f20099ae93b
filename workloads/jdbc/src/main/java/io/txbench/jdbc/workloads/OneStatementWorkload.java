package io.txbench.jdbc.workloads;

import io.txbench.core.engine.Worker;
import io.txbench.core.kinds.ItemKind;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.jdbc.JdbcSession;
import io.txbench.jdbc.JdbcTarget;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The item kinds of one statement per iteration on a random table (point-select, insert, update,
 * delete, and the range kinds): the statement's text for each table, prepared on every worker's
 * session before the run. A kind says only which statement and what its answer means ({@link
 * SingleStatements}); JDBC runs it here, an event-loop client in its own chain.
 */
abstract class OneStatementWorkload extends ItemWorkload implements SingleStatements {
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
  public JdbcSession openSession(Worker worker) throws SQLException {
    return JdbcSession.open(target, worker, statements.toArray(String[]::new));
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
  public void iteration(Worker worker, JdbcSession session)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    SqlStatement statement = next(worker.random());
    Object[] parameters = statement.parameters().toArray();
    Long rows =
        session.transaction(
            s -> {
              PreparedStatement prepared = s.statement(statement.sql(), parameters);
              return statement.read() ? rowsRead(s.read(prepared)) : (long) s.write(prepared);
            });
    settle(statement, rows == null ? 0 : rows); // never null: the work counts its rows
  }

  /** Fetches every row of {@code rs}, its first column read as the client would; how many. */
  private static long rowsRead(ResultSet rs) throws SQLException {
    try (rs) {
      long rows = 0;
      while (rs.next()) {
        rs.getString(1);
        rows++;
      }
      return rows;
    }
  }
}
