package io.txbench.mongo.workloads;

import com.mongodb.MongoException;
import io.txbench.core.script.Command;
import io.txbench.core.script.Reply;
import io.txbench.core.script.Script;
import io.txbench.core.script.ScriptCheck;
import io.txbench.core.script.ScriptException;
import io.txbench.core.script.ScriptRun;
import io.txbench.core.script.Step;
import io.txbench.core.script.Variables;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.StatementId;
import io.txbench.core.spi.StatementLog;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.Workload;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ScriptKind;
import io.txbench.mongo.client.MongoSession;
import io.txbench.mongo.client.MongoTarget;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.jspecify.annotations.Nullable;

/**
 * {@link ScriptKind} on MongoDB: each iteration runs one of the {@code --script}s, chosen by
 * weight, its commands sent with {@code runCommand} in the worker's session. A script that opens
 * with {@code \begin} is one transaction, started on the session with the run's read and write
 * concerns and committed at its {@code \commit}, the commit point ({@link MongoSession}); where the
 * server has no transactions (a standalone server, the emulator) and in a script without {@code
 * \begin}, each writing command is its own commit point. A failed iteration that the engine retries
 * runs the same script again. It touches only the user's collections: it leases nothing; prepare
 * runs {@code --script-setup}, verify {@code --script-verify} ({@link MongoScriptOnce}).
 */
public final class MongoScriptWorkload
    implements Workload<MongoScriptWorkload.Session, RuntimeException> {
  private final MongoTarget target;
  private final ScriptKind kind;
  private final WorkloadOptions options;
  private final List<Script> scripts;
  private final List<Boolean> transactions;
  private final int totalWeight;
  private final Map<String, String> defines;
  private final Map<Command.Send, MongoScriptCommand> commands = new HashMap<>();
  private final IdentityHashMap<Command.Send, StatementId> timed = new IdentityHashMap<>();
  private final IdentityHashMap<Script, StatementId> commits = new IdentityHashMap<>();

  /** One worker's MongoDB session, its script variables, and the script a retry runs again. */
  static final class Session implements AutoCloseable {
    private final MongoSession mongo;
    private final Variables variables;
    private int retrying = -1;

    private Session(MongoSession mongo, Variables variables) {
      this.mongo = mongo;
      this.variables = variables;
    }

    @Override
    public void close() {
      mongo.close();
    }
  }

  public MongoScriptWorkload(MongoTarget target, ScriptKind kind, WorkloadOptions options) {
    this.target = target;
    this.kind = kind;
    this.options = options;
    this.scripts = kind.scripts(options.declared());
    this.defines = options.declared().get(ScriptKind.DEFINES);
    this.transactions =
        scripts.stream().map(s -> target.supportsTransactions() && opens(s)).toList();
    this.totalWeight = scripts.stream().mapToInt(Script::weight).sum();
    for (int i = 0; i < scripts.size(); i++) {
      Script script = scripts.get(i);
      boolean transaction = transactions.get(i);
      StatementId.Commits own =
          transaction ? StatementId.Commits.NOTHING : StatementId.Commits.ITSELF;
      for (Command.Send send : script.sends()) {
        if (!send.text().startsWith("\\")) {
          commands.put(send, MongoScriptOnce.command(send));
          timed.put(send, id(script, send, own));
        } else if (transaction && send.text().equals(MongoScriptSyntax.COMMIT)) {
          timed.put(send, id(script, send, StatementId.Commits.TRANSACTION));
          commits.put(script, timed.get(send));
        }
      }
    }
  }

  /** The next timed statement: {@code send} of {@code script}. */
  private StatementId id(Script script, Command.Send send, StatementId.Commits commits) {
    return new StatementId(timed.size(), script.name(), send.line(), send.source(), commits);
  }

  static boolean opens(Script script) {
    return script.sends().stream().anyMatch(s -> s.text().equals(MongoScriptSyntax.BEGIN));
  }

  @Override
  public List<String> operations() {
    return kind.operations(options.declared()).orElse(List.of());
  }

  /**
   * Each command of the scripts, by file and line (pgbench's -r), and each {@code \commit} where
   * the server runs the script as a transaction.
   */
  @Override
  public List<StatementId> timedStatements() {
    return timed.values().stream()
        .sorted(java.util.Comparator.comparingInt(StatementId::index))
        .toList();
  }

  @Override
  public void prepare(Progress progress) throws InterruptedException {
    Optional<Script> setup = kind.single(options.declared(), ScriptKind.SETUP);
    if (setup.isPresent()) {
      MongoScriptOnce.run(target.database(), setup.get(), defines, options.seed());
    }
  }

  @Override
  public OptionValues attach() {
    return OptionValues.defaults();
  }

  @Override
  public Session openSession(Worker worker) {
    boolean any = transactions.contains(true);
    return new Session(
        MongoSession.open(target, worker, any),
        new Variables(worker.index(), options.seed(), defines, worker.random()));
  }

  @Override
  public void iteration(Worker worker, Session session)
      throws InterruptedException, AbandonedException, DeclinedException {
    int pick = session.retrying >= 0 ? session.retrying : choose(worker);
    worker.operation(pick);
    session.retrying = pick; // until it ends well
    ScriptRun run = new ScriptRun(scripts.get(pick), session.variables);
    MongoSession mongo =
        transactions.get(pick) ? session.mongo : session.mongo.withoutTransaction();
    Script script = scripts.get(pick);
    mongo.transaction(
        m -> runAll(m, run, worker.statements()), commits.get(script), worker.statements());
    session.retrying = -1;
  }

  private int choose(Worker worker) {
    int left = worker.random().nextInt(totalWeight);
    for (int i = 0; i < scripts.size(); i++) {
      left -= scripts.get(i).weight();
      if (left < 0) {
        return i;
      }
    }
    return scripts.size() - 1;
  }

  /**
   * Sends each command the script hands out; {@code \begin} and {@code \commit} are the session's.
   */
  private void runAll(MongoSession mongo, ScriptRun run, StatementLog log)
      throws InterruptedException, AbandonedException {
    Reply reply = null;
    for (Step step = next(run, null); step != null; step = next(run, reply)) {
      TimeUnit.NANOSECONDS.sleep(step.pauseNanos());
      Command.Send send = step.command();
      MongoScriptCommand command = commands.get(send);
      if (command == null) {
        reply = null;
        continue;
      }
      StatementId id = java.util.Objects.requireNonNull(timed.get(send), "every command is timed");
      long start = System.nanoTime();
      BsonDocument answer;
      try {
        answer =
            mongo.command(
                target.database(),
                command.bind(step.parameters()),
                command.writes(),
                MongoScriptReply::checked,
                a -> MongoScriptReply.changed(command.name(), a));
      } catch (MongoException e) {
        log.failed(id, target.classify(e).errorClass());
        throw new IllegalStateException(run.script().where(send.line()) + ": " + e.getMessage(), e);
      }
      log.succeeded(id, System.nanoTime() - start);
      reply = send.storesRow() ? MongoScriptReply.of(answer) : null;
    }
    TimeUnit.NANOSECONDS.sleep(run.pauseLeft());
  }

  private static @Nullable Step next(ScriptRun run, @Nullable Reply reply) {
    try {
      return run.next(reply);
    } catch (ScriptException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /** Runs {@code --script-verify}: each command's document must say true. */
  @Override
  public Verification verify(Tally tally) {
    Optional<Script> verify = kind.single(options.declared(), ScriptKind.VERIFY);
    if (verify.isEmpty()) {
      return Verification.nothingToCheck("no --script-verify given");
    }
    List<ScriptCheck> checks;
    try {
      checks = MongoScriptOnce.run(target.database(), verify.get(), defines, options.seed());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Verification.notRun("interrupted");
    }
    return ScriptCheck.verdict(checks);
  }
}
