package io.txbench.mysql.async;

import io.txbench.core.spi.Failure;
import io.txbench.jdbc.async.Answered;
import io.txbench.jdbc.async.ReopeningConnection;
import io.txbench.jdbc.client.SqlAnswer;
import io.txbench.jdbc.client.SqlStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * One worker's connection on the event-loop client and its prepared statements, as a pool's
 * connection is the JDBC driver's: opened before the run and kept from one iteration to the next,
 * never blocking. Its session has autocommit off unless the target's connections commit each
 * statement, as the JDBC pool's have. The server's errors come as {@link SQLException}s with the
 * server's SQLSTATE and error number, and a connection lost as one of state 08S01, as Connector/J
 * gives them, so that the target classifies them alike. A connection found broken is closed, and
 * the next iteration opens another and prepares its statements again.
 */
final class AsyncMySqlConnection extends ReopeningConnection<MySqlWire> {
  private final AsyncMySqlClient client;
  private final List<String> statements;
  private final Set<String> returningId;
  private final boolean autoCommit;
  private final Map<String, Integer> indexes = new HashMap<>();

  /**
   * A connection of {@code client} that prepares {@code statements}, of which those of {@code
   * returningId} (inserts) return the id the server generated; with autocommit on if {@code
   * autoCommit}; not yet open.
   */
  AsyncMySqlConnection(
      AsyncMySqlClient client,
      List<String> statements,
      Set<String> returningId,
      Function<Throwable, Failure> classify,
      boolean autoCommit) {
    super(classify, MySqlPackets.CONNECTION_LOST);
    this.client = client;
    this.statements = statements;
    this.returningId = returningId;
    this.autoCommit = autoCommit;
    for (int i = 0; i < statements.size(); i++) {
      indexes.putIfAbsent(statements.get(i), i);
    }
  }

  @Override
  protected CompletableFuture<MySqlWire> openAndPrepare() {
    return client
        .connect(autoCommit)
        .thenCompose(c -> preparing(c, then -> c.prepare(statements, then)));
  }

  /** COM_PING. */
  @Override
  protected CompletableFuture<?> roundTrip(MySqlWire held) {
    CompletableFuture<SqlAnswer> pinged = new CompletableFuture<>();
    held.ping(completing(pinged));
    return pinged;
  }

  @Override
  protected void close(MySqlWire held) {
    held.close();
  }

  /**
   * Executes {@code next}, prepared on {@code c}; if {@code begin} (the first statement of a
   * transaction) behind a BEGIN sent in the same write where autocommit is on (with it off, the
   * statement starts the transaction itself); and hands {@code then} its answer or its failure as
   * {@link #failed} makes it, on the event loop that read it. A handler, not a stage: this is the
   * hot path, one round trip a statement.
   */
  @Override
  public void execute(MySqlWire c, SqlStatement next, boolean begin, Answered then) {
    Integer index = indexes.get(next.sql());
    if (index == null || !holds(c)) {
      then.answered(null, new SQLException("not prepared on this session: " + next.sql()));
      return;
    }
    c.execute(
        begin && autoCommit ? "BEGIN" : null,
        index,
        next.parameters(),
        next.numbers(),
        next.row(),
        returningId.contains(next.sql()),
        deliver(then));
  }

  /**
   * Starts a transaction on {@code c} before a statement that comes after a pause: BEGIN where
   * autocommit is on; none where it is off, and the statement starts it.
   */
  @Override
  public void begin(MySqlWire c, Answered then) {
    if (autoCommit) {
      c.query("BEGIN", deliver(then));
    } else {
      then.answered(SqlAnswer.changed(0), null);
    }
  }

  /** Commits the transaction on {@code c}. */
  @Override
  public void commit(MySqlWire c, Answered then) {
    c.query("COMMIT", deliver(then));
  }

  /** Sends {@code sql} (ROLLBACK) on {@code c} as a text query. */
  @Override
  public void simple(MySqlWire c, String sql, Answered then) {
    c.query(sql, deliver(then));
  }

  /**
   * Executes {@code sql}, prepared on {@code c} with the run's statements, reading none of its
   * columns; outside the run's iterations.
   */
  @Override
  public CompletableFuture<SqlAnswer> prepared(MySqlWire c, String sql) {
    CompletableFuture<SqlAnswer> done = new CompletableFuture<>();
    Answered then = completing(done);
    Integer index = indexes.get(sql);
    if (index == null) {
      then.answered(null, new SQLException("not prepared on this session: " + sql));
    } else {
      c.execute(null, index, List.of(), 0, false, false, deliver(then));
    }
    return done;
  }
}
