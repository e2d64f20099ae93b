package io.txbench.postgres.async;

import io.txbench.core.script.SqlSyntax;
import io.txbench.core.spi.Failure;
import io.txbench.jdbc.async.Answered;
import io.txbench.jdbc.async.ReopeningConnection;
import io.txbench.jdbc.client.SqlAnswer;
import io.txbench.jdbc.client.SqlStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * One worker's connection on the event-loop client and its prepared statements, as a pool's
 * connection is PgJDBC's: opened before the run and kept from one iteration to the next, never
 * blocking. The server's errors come as {@link SQLException}s with the server's SQLSTATE, and a
 * connection lost as one of class 08, so that the target classifies them as it classifies PgJDBC's.
 * A connection found broken is closed, and the next iteration opens another and prepares its
 * statements again.
 */
final class AsyncPgConnection extends ReopeningConnection<PgWire> {
  /** The statement that opens a transaction, prepared beside the kind's own. */
  static final String BEGIN = "BEGIN";

  /** The statement that commits one, prepared too, as pgbench -M prepared prepares its END. */
  static final String COMMIT = "COMMIT";

  private final AsyncPgClient client;
  private final List<String> statements;
  private final Set<String> returningId;
  private final Map<String, String> names = new HashMap<>();

  /**
   * A connection of {@code client} that prepares {@code statements}, of which those of {@code
   * returningId} (inserts) return the id the server generated; not yet open.
   */
  AsyncPgConnection(
      AsyncPgClient client,
      List<String> statements,
      Set<String> returningId,
      Function<Throwable, Failure> classify) {
    super(classify, PgWire.CONNECTION_LOST);
    this.client = client;
    this.statements = statements;
    this.returningId = returningId;
    for (int i = 0; i < statements.size(); i++) {
      names.put(statements.get(i), PgWire.name(i));
    }
  }

  @Override
  protected CompletableFuture<PgWire> openAndPrepare() {
    return client
        .connect()
        .thenCompose(
            c -> {
              List<String> texts = new ArrayList<>(statements.size());
              for (String sql : statements) {
                texts.add(numbered(returningId.contains(sql) ? sql + " RETURNING id" : sql));
              }
              return preparing(c, then -> c.prepare(texts, then));
            });
  }

  @Override
  protected CompletableFuture<?> roundTrip(PgWire held) {
    return simple(held, "SELECT 1");
  }

  @Override
  protected void close(PgWire held) {
    held.close();
  }

  /**
   * Executes {@code next}, prepared on {@code c}, behind a prepared {@link #BEGIN} if {@code
   * begin}, and hands {@code then} its answer or its failure as {@link #failed} makes it, on the
   * event loop that read it. A handler, not a stage: this is the hot path, one round trip a
   * statement.
   */
  @Override
  public void execute(PgWire c, SqlStatement next, boolean begin, Answered then) {
    String name = names.get(next.sql());
    String beginName = begin ? names.get(BEGIN) : null;
    if (name == null || (begin && beginName == null) || !holds(c)) {
      then.answered(null, new SQLException("not prepared on this session: " + next.sql()));
      return;
    }
    c.execute(beginName, name, next.parameters(), next.numbers(), next.row(), deliver(then));
  }

  /** Starts a transaction on {@code c}: the prepared {@link #BEGIN}. */
  @Override
  public void begin(PgWire c, Answered then) {
    prepared(c, BEGIN, then);
  }

  /** Commits the transaction on {@code c}: the prepared {@link #COMMIT}. */
  @Override
  public void commit(PgWire c, Answered then) {
    prepared(c, COMMIT, then);
  }

  /** Sends {@code sql} (ROLLBACK, a ping) on {@code c} as a simple query. */
  @Override
  public void simple(PgWire c, String sql, Answered then) {
    c.simple(sql, deliver(then));
  }

  /** Sends {@code sql} on {@code c} as a simple query; outside the run's iterations. */
  CompletableFuture<SqlAnswer> simple(PgWire c, String sql) {
    CompletableFuture<SqlAnswer> done = new CompletableFuture<>();
    simple(c, sql, completing(done));
    return done;
  }

  /**
   * Executes {@code sql}, prepared on {@code c} with the run's statements, reading none of its
   * columns; outside the run's iterations.
   */
  @Override
  public CompletableFuture<SqlAnswer> prepared(PgWire c, String sql) {
    CompletableFuture<SqlAnswer> done = new CompletableFuture<>();
    prepared(c, sql, completing(done));
    return done;
  }

  /**
   * Executes {@code sql} (BEGIN, COMMIT, the counts' statement), prepared on {@code c} with the
   * run's statements ({@link AsyncPgClient#workload}), reading none of its columns, and hands
   * {@code then} its answer or its failure.
   */
  void prepared(PgWire c, String sql, Answered then) {
    String name = names.get(sql);
    if (name == null) {
      then.answered(null, new SQLException("not prepared on this session: " + sql));
      return;
    }
    c.execute(null, name, List.of(), 0, false, deliver(then));
  }

  /**
   * {@code sql} with its JDBC placeholders numbered as PostgreSQL's protocol numbers them ({@code
   * ?} to {@code $1}, {@code $2}, ...), as PgJDBC finds them: not inside a quoted literal or
   * identifier, a dollar-quoted string or a block comment (a script's {@code 'why?'}).
   */
  static String numbered(String sql) {
    StringBuilder out = new StringBuilder(sql.length() + 8);
    int n = 0;
    int i = 0;
    while (i < sql.length()) {
      int quoted = SqlSyntax.quotedEnd(sql, i);
      if (quoted > i) {
        out.append(sql, i, quoted);
        i = quoted;
        continue;
      }
      char c = sql.charAt(i++);
      if (c == '?') {
        out.append('$').append(++n);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
