package io.txbench.jdbc.workloads;

import io.txbench.core.script.Command;
import io.txbench.core.script.Reply;
import io.txbench.core.script.ScriptException;
import io.txbench.core.script.ScriptRun;
import io.txbench.core.script.SqlTransaction;
import io.txbench.core.script.Step;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.StatementId;
import io.txbench.jdbc.client.SqlAnswer;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.client.SqlStatement;
import java.sql.SQLException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One run of a script as a SQL iteration: each command its interpreter hands out becomes a
 * statement, sent by whichever client runs the iteration. Its BEGIN and COMMIT are not sent as
 * statements: a script with BEGIN is one transaction ({@link #oneTransaction}), which the client
 * opens and commits as it does the built-in kinds' (COMMIT its commit point); a ROLLBACK reached
 * ends it undone, as an iteration that declined. A script without BEGIN runs in autocommit, each
 * write its own commit point. A mistake the script makes as it runs (division by zero, a variable
 * not set) fails the iteration, naming the script's line. Each statement it hands out, and the
 * COMMIT it reached, is timed apart by its file and line ({@link StatementId}, pgbench's {@code
 * -r}), and an error of one names them.
 */
final class ScriptIteration implements SqlIteration {
  private final ScriptRun run;
  private final boolean transaction;
  private final IdentityHashMap<Command.Send, ScriptCommand> commands;
  private @Nullable StatementId commit; // the COMMIT line reached, timed apart
  private boolean sentLast; // the last statement handed out was the script's, not a pause
  private boolean done;

  /** {@code commands}: each command of the script as read before the run (by identity). */
  ScriptIteration(
      ScriptRun run, boolean transaction, IdentityHashMap<Command.Send, ScriptCommand> commands) {
    this.run = run;
    this.transaction = transaction;
    this.commands = commands;
  }

  @Override
  public @Nullable StatementId commitTimed() {
    return commit;
  }

  @Override
  public boolean oneTransaction() {
    return transaction;
  }

  @Override
  public @Nullable SqlStatement next(@Nullable SqlAnswer last)
      throws SQLException, DeclinedException {
    if (done) {
      return null;
    }
    Reply reply = last == null || !sentLast ? null : new Reply(last.rows(), last.row());
    long pause = 0;
    try {
      while (true) {
        Step step = run.next(reply);
        if (step == null) {
          done = true;
          long left = pause + run.pauseLeft();
          sentLast = false;
          return left > 0 ? SqlStatement.pause(left) : null;
        }
        pause += step.pauseNanos();
        ScriptCommand command = commands.get(step.command());
        if (command == null) {
          command = ScriptCommand.of(step.command(), null); // none of the scripts': read now
        }
        SqlTransaction role = command.role();
        if (role == SqlTransaction.ROLLBACK) {
          throw new DeclinedException(
              run.script().where(step.command().line()) + ": the script rolled back");
        }
        if (role == SqlTransaction.NONE) {
          sentLast = true;
          return new SqlStatement(
              step.command().text(),
              step.parameters(),
              command.read(),
              0,
              pause,
              command.row(),
              command.timed());
        }
        if (role == SqlTransaction.COMMIT) {
          commit = command.timed();
        }
        reply = new Reply(0, Map.of()); // BEGIN or COMMIT: the client's own
      }
    } catch (ScriptException e) {
      throw new SQLException(e.getMessage(), e);
    }
  }

  /** Whether {@code sql} is a query: sent as one, its rows fetched and counted as a read. */
  static boolean reads(String sql) {
    String upper = sql.strip().toUpperCase(Locale.ROOT);
    String first = upper.split("[\\s(]+", 2)[0];
    if (first.equals("WITH")) {
      return List.of("INSERT", "UPDATE", "DELETE", "MERGE").stream()
          .noneMatch(w -> upper.matches("(?s).*\\b" + w + "\\b.*"));
    }
    return List.of("SELECT", "VALUES", "TABLE", "SHOW", "EXPLAIN").contains(first);
  }

  /** Whether a write returns rows ({@code RETURNING}), which the client then fetches. */
  static boolean returns(String sql) {
    return sql.toUpperCase(Locale.ROOT).matches("(?s).*\\bRETURNING\\b.*");
  }
}
