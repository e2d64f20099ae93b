package io.txbench.jdbc.client;

import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Effects;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Pingable;
import io.txbench.core.spi.QueryCounter;
import io.txbench.core.spi.StatementId;
import io.txbench.core.spi.StatementLog;
import io.txbench.core.spi.Worker;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * One worker's connection and prepared statements, opened before the run and kept from one
 * iteration to the next as sysbench and pgbench keep theirs; and the transaction template every SQL
 * workload runs its statements in. A commit (or, in autocommit, each write) is reported to the
 * worker's {@link Effects} before it is sent and once it is answered. After a failure the
 * transaction is rolled back and the connection and its statements are kept, unless the connection
 * broke: then it goes back to the pool (which drops it) and the next iteration takes a fresh one.
 * When the pool has fewer connections than workers, the connection goes back to the pool after each
 * iteration instead. The session counts the statements it runs in the worker's {@link QueryCounter}
 * as sysbench counts them: each query a read, each insert, update or delete a write, and a
 * transaction's BEGIN and COMMIT two others.
 */
public final class JdbcSession implements AutoCloseable, Pingable {
  /** The column of a server-generated key an insert returns. */
  private static final String[] GENERATED_ID = {"id"};

  /** The longest a ping waits for its answer before the connection counts as broken. */
  private static final int PING_SECONDS = 5;

  private final JdbcTarget target;
  private final Effects effects;
  private final QueryCounter queries;
  private final StatementLog timed;
  private final boolean hold;
  private final List<String> prepared;
  private final Set<String> returningId;
  private final Map<String, PreparedStatement> statements = new HashMap<>();
  private @Nullable Connection connection; // none between iterations when not held

  /** Whether each write of the iteration in progress commits on its own (autocommit). */
  private boolean eachStatementCommits;

  private JdbcSession(
      JdbcTarget target,
      Worker worker,
      boolean hold,
      List<String> prepared,
      Set<String> returningId) {
    this.target = target;
    this.effects = worker.effects();
    this.queries = worker.queries();
    this.timed = worker.statements();
    this.hold = hold;
    this.prepared = prepared;
    this.returningId = returningId;
    this.eachStatementCommits = target.autoCommit();
  }

  /**
   * Opens a worker's session: when the pool has a connection for every worker, takes one and
   * prepares the statements {@code sql} on it now, before the run, with the inserts besides whose
   * statements return the {@code id} the server generated ({@link
   * PreparedStatement#getGeneratedKeys()}).
   */
  public static JdbcSession open(
      JdbcTarget target, Worker worker, List<String> sql, List<String> insertsReturningId)
      throws SQLException {
    List<String> all = new ArrayList<>(sql);
    all.addAll(insertsReturningId);
    JdbcSession session =
        new JdbcSession(
            target,
            worker,
            target.canHoldConnections(worker.workers()),
            List.copyOf(all),
            Set.copyOf(insertsReturningId));
    if (session.hold) {
      session.connect();
    } else {
      target.fill();
    }
    return session;
  }

  /**
   * Runs {@code iteration}'s statements one by one, each chosen given the answer of the last: in a
   * transaction committed at the end, or, when the pool's connections commit each statement
   * themselves, one by one, unless the iteration asks for one transaction. Rolls back and rethrows
   * on failure, and when the iteration declines (a sold-out flight), which it does before its first
   * write; tells the iteration once it committed.
   */
  public void run(SqlIteration iteration)
      throws SQLException, AbandonedException, InterruptedException, DeclinedException {
    boolean inTransaction = iteration.oneTransaction() || !target.autoCommit();
    try {
      Connection held = connect();
      eachStatementCommits = !inTransaction;
      if (inTransaction && target.autoCommit()) {
        held.setAutoCommit(false);
      }
      if (inTransaction) {
        queries.other(); // BEGIN, as sysbench counts it
      }
      SqlAnswer answer = null;
      for (SqlStatement next = iteration.next(null); next != null; next = iteration.next(answer)) {
        if (next.pauseNanos() > 0) {
          TimeUnit.NANOSECONDS.sleep(next.pauseNanos());
        }
        answer = next.pauseOnly() ? SqlAnswer.changed(0) : timed(next);
      }
      if (inTransaction) {
        queries.other(); // COMMIT
        StatementId commit = iteration.commitTimed();
        long start = commit == null ? 0 : System.nanoTime();
        try {
          effects.commitPoint(
              () -> {
                held.commit();
                return 1; // the transaction is all of the iteration: it committed
              },
              rows -> rows,
              target::classify);
        } catch (SQLException e) {
          throw failed(commit, e);
        }
        if (commit != null) {
          timed.succeeded(commit, System.nanoTime() - start);
        }
        backToAutoCommit(held);
      }
      if (!hold) {
        release();
      }
    } catch (SQLException
        | AbandonedException
        | InterruptedException
        | DeclinedException
        | RuntimeException e) {
      recover(e);
      throw e;
    }
    iteration.committed();
  }

  /**
   * Checks the held connection with a round trip ({@link Connection#isValid}); one found broken (a
   * server that closed it as idle) is evicted from the pool and replaced, its statements prepared
   * again. A session that holds none borrows one and gives it back, which the pool checks when it
   * has been idle.
   */
  @Override
  public void ping() throws SQLException {
    Connection held = connection;
    if (held != null && held.isValid(PING_SECONDS)) {
      publishCounts(); // the ping's own commit, with the rest
      return;
    }
    if (held != null) {
      statements.clear(); // closed with their connection
      connection = null;
      target.evict(held);
    }
    connect();
    if (!hold) {
      release();
    }
    publishCounts();
  }

  /**
   * Publishes the counts of the session's connection at once, where the server keeps them back a
   * while ({@link CountsPublisher}): called between iterations, when the session goes quiet. A
   * session that holds no connection publishes on one it borrows and gives back.
   */
  public void publishCounts() throws SQLException {
    CountsPublisher publisher = target.publisher();
    if (publisher.statement().isEmpty()) {
      return;
    }
    if (hold) {
      publisher.publish(connect());
      return;
    }
    try (Connection borrowed = target.connection()) {
      publisher.publish(borrowed);
    }
  }

  /** The connection the session holds now, or null; for tests. */
  public @Nullable Connection connection() {
    return connection;
  }

  /** The prepared statement for {@code sql} on the session's connection. */
  public PreparedStatement statement(String sql) throws SQLException {
    PreparedStatement statement = statements.get(sql);
    if (statement == null) {
      Connection held = connection;
      if (held == null) {
        throw new IllegalStateException(
            "no connection: statements are prepared inside an iteration");
      }
      statement =
          returningId.contains(sql)
              ? held.prepareStatement(sql, GENERATED_ID)
              : held.prepareStatement(sql);
      statements.put(sql, statement);
    }
    return statement;
  }

  /**
   * The prepared statement for {@code sql} with {@code parameters} set in order: a {@code long},
   * {@code int} or text by its own setter, anything else by {@code setObject}.
   */
  public PreparedStatement statement(String sql, Object... parameters) throws SQLException {
    PreparedStatement statement = statement(sql);
    for (int i = 0; i < parameters.length; i++) {
      if (parameters[i] instanceof Long number) {
        statement.setLong(i + 1, number);
      } else if (parameters[i] instanceof Integer number) {
        statement.setInt(i + 1, number);
      } else if (parameters[i] instanceof String text) {
        statement.setString(i + 1, text);
      } else {
        statement.setObject(i + 1, parameters[i]);
      }
    }
    return statement;
  }

  /**
   * {@link #send}, a script's statement timed apart ({@link SqlStatement#timed()}) and its error
   * named by its file and line.
   */
  private SqlAnswer timed(SqlStatement next) throws SQLException, AbandonedException {
    StatementId id = next.timed();
    if (id == null) {
      return send(next);
    }
    long start = System.nanoTime();
    SqlAnswer answer;
    try {
      answer = send(next);
    } catch (SQLException e) {
      throw failed(id, e);
    }
    timed.succeeded(id, System.nanoTime() - start);
    return answer;
  }

  /** {@code e}, the error of the script's statement {@code id} (if any), recorded and named. */
  private SQLException failed(@Nullable StatementId id, SQLException e) {
    if (id == null) {
      return e;
    }
    timed.failed(id, target.classify(e).errorClass());
    return SqlStatement.named(id, e);
  }

  /**
   * Sends {@code next}, counted as a read or a write, and gives its answer. A write the server
   * commits on its own (in autocommit) is reported as a commit point.
   */
  private SqlAnswer send(SqlStatement next) throws SQLException, AbandonedException {
    PreparedStatement statement = statement(next.sql(), next.parameters().toArray());
    if (next.read()) {
      queries.read();
      return answer(statement.executeQuery(), -1, next);
    }
    queries.write();
    Effects.CommitPoint<SqlAnswer, SQLException> point = () -> written(next, statement);
    return eachStatementCommits
        ? effects.commitPoint(point, SqlAnswer::rows, target::classify)
        : point.send();
  }

  /** Executes a write and reads what it returned: its generated id, or its rows when it has any. */
  private SqlAnswer written(SqlStatement next, PreparedStatement statement) throws SQLException {
    if (next.numbers() == 0 && !next.row()) {
      return SqlAnswer.changed(statement.executeUpdate());
    }
    if (returningId.contains(next.sql())) {
      int changed = statement.executeUpdate();
      return answer(statement.getGeneratedKeys(), changed, next);
    }
    if (!statement.execute()) {
      // The server changed rows without returning them: what they held is lost to the iteration.
      throw new SQLException(
          "the server returned no rows for a write that asks for them: " + next.sql());
    }
    return answer(statement.getResultSet(), -1, next);
  }

  /**
   * Fetches every row of {@code rs}, each column read as text as an application reads it, and the
   * first row's leading columns {@code next} asks for as numbers (and by name, when it asks); its
   * rows are {@code changed}, or the rows fetched when that is negative.
   */
  private static SqlAnswer answer(ResultSet rs, long changed, SqlStatement next)
      throws SQLException {
    int numbers = next.numbers();
    try (rs) {
      int columns = rs.getMetaData().getColumnCount();
      List<Long> first = List.of();
      Map<String, String> byName = Map.of();
      long rows = 0;
      while (rs.next()) {
        if (rows++ == 0 && numbers > 0) {
          Long[] values = new Long[numbers];
          for (int i = 0; i < numbers; i++) {
            values[i] = rs.getLong(i + 1);
          }
          first = List.of(values);
        }
        if (rows == 1 && next.row()) {
          byName = new HashMap<>();
          for (int i = 1; i <= columns; i++) {
            String text = rs.getString(i);
            byName.put(rs.getMetaData().getColumnLabel(i), text == null ? "" : text);
          }
          continue;
        }
        for (int i = 1; i <= columns; i++) {
          rs.getString(i);
        }
      }
      return new SqlAnswer(changed < 0 ? rows : changed, first, byName);
    }
  }

  /** The connection the session holds, taken from the pool when it holds none. */
  private Connection connect() throws SQLException {
    Connection held = connection;
    if (held != null) {
      return held;
    }
    held = target.connection();
    connection = held;
    try {
      for (String sql : prepared) {
        statement(sql);
      }
    } catch (SQLException | RuntimeException e) {
      release();
      throw e;
    }
    return held;
  }

  /** Gives the connection back the pool's autocommit after a transaction of its own. */
  private void backToAutoCommit(Connection held) throws SQLException {
    if (target.autoCommit()) {
      held.setAutoCommit(true);
      eachStatementCommits = true;
    }
  }

  /** After a failure: roll back, and keep the connection unless it broke. */
  private void recover(Exception cause) {
    Connection held = connection;
    if (held == null) {
      return;
    }
    boolean broken = target.classify(cause).errorClass() == ErrorClass.CONNECTION;
    if (!broken && !eachStatementCommits) {
      try {
        held.rollback();
        backToAutoCommit(held);
      } catch (SQLException e) {
        cause.addSuppressed(e);
        broken = true;
      }
    }
    if (broken || !hold) {
      release();
    }
  }

  /** Gives the connection back to the pool, which drops a broken one. */
  private void release() {
    statements.clear(); // closed with their connection
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        // The pool evicts a connection it cannot take back.
      }
      connection = null;
    }
  }

  @Override
  public void close() {
    release();
  }
}
