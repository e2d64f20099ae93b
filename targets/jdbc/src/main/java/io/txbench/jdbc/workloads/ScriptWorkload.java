package io.txbench.jdbc.workloads;

import io.txbench.core.script.Command;
import io.txbench.core.script.Script;
import io.txbench.core.script.ScriptCheck;
import io.txbench.core.script.ScriptRun;
import io.txbench.core.script.SqlTransaction;
import io.txbench.core.script.Variables;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.StatementId;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import io.txbench.core.workloads.ScriptKind;
import io.txbench.jdbc.client.JdbcTarget;
import io.txbench.jdbc.client.SqlIteration;
import io.txbench.jdbc.schema.SchemaRegistry;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link ScriptKind} on SQL: each iteration runs one of the {@code --script}s, chosen by weight, as
 * a {@link ScriptIteration}, so that PgJDBC's session and the event-loop client both run it; every
 * statement of the scripts is prepared before the run. It touches only the user's tables: it leases
 * nothing and loads nothing; prepare runs {@code --script-setup}, verify {@code --script-verify}.
 */
public final class ScriptWorkload extends SqlWorkload<ScriptKind> {
  private final List<Script> scripts;
  private final List<Boolean> transactions;
  private final int totalWeight;
  private final List<String> statements;
  private final List<StatementId> timed;
  private final IdentityHashMap<Command.Send, ScriptCommand> commands = new IdentityHashMap<>();
  private final Map<String, String> defines;
  private final Map<Integer, Variables> variables = new ConcurrentHashMap<>();

  public ScriptWorkload(
      JdbcTarget target, ScriptKind kind, WorkloadOptions options, SchemaRegistry registry) {
    super(target, kind, options, registry);
    OptionValues values = options.declared();
    scripts = kind.scripts(values);
    defines = values.get(ScriptKind.DEFINES);
    transactions = scripts.stream().map(SqlTransaction::opens).toList();
    totalWeight = scripts.stream().mapToInt(Script::weight).sum();
    LinkedHashSet<String> sql = new LinkedHashSet<>();
    List<StatementId> ids = new ArrayList<>();
    for (Script script : scripts) {
      boolean transaction = SqlTransaction.opens(script);
      for (Command.Send send : script.sends()) {
        SqlTransaction role = SqlTransaction.of(send.text());
        if (role == SqlTransaction.NONE) {
          sql.add(send.text());
        }
        StatementId id = null;
        if (role == SqlTransaction.NONE || role == SqlTransaction.COMMIT) {
          id =
              new StatementId(
                  ids.size(),
                  script.name(),
                  send.line(),
                  send.source(),
                  commits(role, transaction));
          ids.add(id);
        }
        commands.put(send, ScriptCommand.of(send, id));
      }
    }
    statements = List.copyOf(sql);
    timed = List.copyOf(ids);
  }

  /**
   * What a statement's success commits: a COMMIT its transaction; a statement of a script without
   * BEGIN itself (it runs in autocommit); one inside the transaction nothing of its own.
   */
  private static StatementId.Commits commits(SqlTransaction role, boolean transaction) {
    if (role == SqlTransaction.COMMIT) {
      return StatementId.Commits.TRANSACTION;
    }
    return transaction ? StatementId.Commits.NOTHING : StatementId.Commits.ITSELF;
  }

  @Override
  public List<String> statements() {
    return statements;
  }

  /** Each statement of the scripts and each COMMIT line, by file and line (pgbench's -r). */
  @Override
  public List<StatementId> timedStatements() {
    return timed;
  }

  /** The user's tables are theirs: nothing of txbench's to lease. */
  @Override
  public Lease lease(LeaseMode mode) {
    return Lease.none();
  }

  @Override
  public void prepare(Progress progress) throws SQLException, InterruptedException {
    Optional<Script> setup = kind.single(options.declared(), ScriptKind.SETUP);
    if (setup.isPresent()) {
      try (Connection c = target.controlConnection()) {
        ScriptOnConnection.run(c, setup.get(), defines, options.seed());
        target.commitIfNeeded(c);
      }
    }
  }

  @Override
  public OptionValues attach() {
    return OptionValues.defaults();
  }

  /** A script chosen by weight, run on the worker's variables, which last from one to the next. */
  @Override
  public SqlIteration begin(Worker worker) {
    int pick = scripts.size() == 1 ? 0 : choose(worker.random().nextInt(totalWeight));
    worker.operation(pick);
    Variables own = variables.get(worker.index()); // no lambda a call once the worker has them
    if (own == null) {
      own =
          variables.computeIfAbsent(
              worker.index(), i -> new Variables(i, options.seed(), defines, worker.random()));
    }
    return new ScriptIteration(
        new ScriptRun(scripts.get(pick), own), transactions.get(pick), commands);
  }

  private int choose(int draw) {
    int left = draw;
    for (int i = 0; i < scripts.size(); i++) {
      left -= scripts.get(i).weight();
      if (left < 0) {
        return i;
      }
    }
    return scripts.size() - 1;
  }

  /** Runs {@code --script-verify}: each query's first column must be true. */
  @Override
  public Verification verify(Tally tally) throws SQLException {
    Optional<Script> verify = kind.single(options.declared(), ScriptKind.VERIFY);
    if (verify.isEmpty()) {
      return Verification.nothingToCheck("no --script-verify given");
    }
    List<ScriptCheck> checks;
    try (Connection c = target.controlConnection()) {
      checks = ScriptOnConnection.run(c, verify.get(), defines, options.seed());
      target.commitIfNeeded(c);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Verification.notRun("interrupted");
    }
    return ScriptCheck.verdict(checks);
  }
}
