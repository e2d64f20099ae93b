package io.txbench.jdbc.workloads;

import io.txbench.core.script.Reply;
import io.txbench.core.script.Script;
import io.txbench.core.script.ScriptCheck;
import io.txbench.core.script.ScriptException;
import io.txbench.core.script.ScriptRun;
import io.txbench.core.script.Step;
import io.txbench.core.script.Variables;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * A script run once on one connection as it stands (autocommit, or its own BEGIN and COMMIT sent as
 * they are): {@code --script-setup} before the run, {@code --script-verify} after it, where each
 * query is a check whose first column must be true.
 */
final class ScriptOnConnection {
  /** What one command of a verify script answered, by line. */
  private ScriptOnConnection() {}

  /** Runs {@code script} on {@code c}, and gives what each query answered. */
  static List<ScriptCheck> run(Connection c, Script script, Map<String, String> defines, long seed)
      throws SQLException, InterruptedException {
    ScriptRun run =
        new ScriptRun(script, new Variables(0, seed, defines, new SplittableRandom(seed)));
    List<ScriptCheck> checks = new java.util.ArrayList<>();
    try {
      Reply reply = null;
      for (Step step = run.next(null); step != null; step = run.next(reply)) {
        TimeUnit.NANOSECONDS.sleep(step.pauseNanos());
        String where = script.where(step.command().line());
        try (PreparedStatement statement = c.prepareStatement(step.command().text())) {
          List<Object> parameters = step.parameters();
          for (int i = 0; i < parameters.size(); i++) {
            statement.setObject(i + 1, parameters.get(i));
          }
          if (statement.execute()) {
            try (ResultSet rs = statement.getResultSet()) {
              reply = read(rs, where, checks);
            }
          } else {
            reply = new Reply(Math.max(0, statement.getUpdateCount()), Map.of());
          }
        } catch (SQLException e) {
          throw new SQLException(where + ": " + e.getMessage(), e.getSQLState(), e);
        }
      }
    } catch (ScriptException e) {
      throw new SQLException(e.getMessage(), e);
    }
    return checks;
  }

  /** The rows of a query, its first row by name, and the check it makes. */
  private static Reply read(ResultSet rs, String where, List<ScriptCheck> checks)
      throws SQLException {
    Map<String, String> first = new HashMap<>();
    long rows = 0;
    boolean truth = false;
    String answer = "no row";
    while (rs.next()) {
      if (rows++ == 0) {
        answer = String.valueOf(rs.getString(1));
        truth = rs.getBoolean(1) && !rs.wasNull();
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
          String text = rs.getString(i);
          first.put(rs.getMetaData().getColumnLabel(i), text == null ? "" : text);
        }
      }
    }
    checks.add(new ScriptCheck(where, rows == 1 && truth, rows > 1 ? rows + " rows" : answer));
    return new Reply(rows, first);
  }
}
