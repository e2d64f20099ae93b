package io.txbench.http;

import io.txbench.core.keys.KeyChooser;
import io.txbench.core.keys.KeyDistribution;
import io.txbench.core.script.Reply;
import io.txbench.core.script.ScriptException;
import io.txbench.core.script.ScriptRun;
import io.txbench.core.script.Step;
import io.txbench.core.script.Variables;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.AsyncWorkload;
import io.txbench.core.spi.Effects;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.ItemKind;
import io.txbench.core.workloads.ScriptKind;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * Requests on the asynchronous model, each iteration a script ({@link HttpScripts}) run from top to
 * bottom: its meta-commands by the script language's interpreter, each request sent when the one
 * before was answered, a {@code \sleep} a timer between them. A request succeeds when the answer's
 * status is one {@code --http-ok} accepts ({@link HttpExchange}); one that fails ends the
 * iteration. A request that may change the server's state (any method but GET, HEAD, OPTIONS,
 * TRACE) is a commit point: one whose answer is lost after it was sent is in doubt, as a COMMIT
 * whose answer is lost. The {@code get} and {@code request} kinds are scripts of one request whose
 * variable {@code key} is drawn for each iteration.
 */
final class HttpWorkload implements AsyncWorkload<HttpWorkload.Session, HttpFailure> {
  private final HttpTarget target;
  private final HttpScripts scripts;
  private final @Nullable KeyChooser keys;
  private final List<String> operations;
  private final Map<String, String> defines;
  private final long seed;

  /** One worker's requests' way to the server and its script variables. */
  record Session(HttpSession http, Variables variables) implements AutoCloseable {
    @Override
    public void close() {
      http.close();
    }
  }

  private HttpWorkload(
      HttpTarget target,
      HttpScripts scripts,
      @Nullable KeyChooser keys,
      List<String> operations,
      Map<String, String> defines,
      long seed) {
    this.target = target;
    this.scripts = scripts;
    this.keys = keys;
    this.operations = List.copyOf(operations);
    this.defines = Map.copyOf(defines);
    this.seed = seed;
  }

  /** The {@code get} or {@code request} kind: its request, {@code {key}} drawn each iteration. */
  static HttpWorkload keyed(HttpTarget target, HttpKind kind, WorkloadOptions options) {
    OptionValues declared = options.declared();
    long size = ItemKind.tableSize(declared);
    KeyChooser keys =
        declared.get(KeyDistribution.OPTION).or(KeyDistribution.UNIFORM).over(() -> size);
    HttpScripts scripts = HttpScripts.keyed(kind.name(), kind.template(declared, target.url()));
    return new HttpWorkload(target, scripts, keys, List.of(), Map.of(), options.seed());
  }

  /** The {@code script} kind: the scripts of {@code --script}, chosen by weight. */
  static HttpWorkload scripted(HttpTarget target, ScriptKind kind, WorkloadOptions options) {
    OptionValues declared = options.declared();
    HttpScripts scripts = HttpScripts.of(kind.scripts(declared), target.url());
    List<String> operations = kind.operations(declared).orElse(List.of());
    return new HttpWorkload(
        target, scripts, null, operations, declared.get(ScriptKind.DEFINES), options.seed());
  }

  @Override
  public List<String> operations() {
    return operations;
  }

  @Override
  public CompletionStage<?> start(Worker worker, Session session) {
    int pick = scripts.choose(worker.random());
    if (!operations.isEmpty()) {
      worker.operation(pick);
    }
    KeyChooser chooser = keys;
    if (chooser != null) {
      session.variables().put(HttpScripts.KEY, chooser.next(worker.random()));
    }
    return steps(worker, session, new ScriptRun(scripts.script(pick), session.variables()), null);
  }

  /** Runs the script from where {@code run} is, given the answer to its last request. */
  private CompletableFuture<?> steps(
      Worker worker, Session session, ScriptRun run, @Nullable Reply reply) {
    Step step;
    try {
      step = run.next(reply);
    } catch (ScriptException e) {
      return CompletableFuture.failedFuture(new IllegalStateException(e.getMessage(), e));
    }
    if (step == null) {
      return target.after(run.pauseLeft());
    }
    CompletableFuture<Reply> answered =
        step.pauseNanos() > 0
            ? target.after(step.pauseNanos()).thenCompose(slept -> send(worker, session, step))
            : send(worker, session, step);
    return answered.thenCompose(answer -> steps(worker, session, run, answer));
  }

  private CompletableFuture<Reply> send(Worker worker, Session session, Step step) {
    HttpCall call = scripts.call(step.command());
    Effects effects = worker.effects();
    boolean write = !call.safe();
    if (write) {
      try {
        effects.committing();
      } catch (AbandonedException e) {
        return CompletableFuture.failedFuture(e);
      }
      worker.queries().write();
    } else {
      worker.queries().read();
    }
    List<Object> values = step.parameters();
    HttpExchange exchange = new HttpExchange(effects, write, target.options(), call, values);
    session.http().send(call, values, step.command().storesRow(), exchange);
    return exchange.done();
  }

  @Override
  public Session openSession(Worker worker) throws HttpFailure {
    Variables variables = new Variables(worker.index(), seed, defines, worker.random());
    try {
      return new Session(HttpSession.open(target, scripts.origin(), worker.workers()), variables);
    } catch (ExecutionException | TimeoutException | InterruptedException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt(); // a stop while the sessions open: the crew sees it
      }
      Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
      throw HttpFailure.noAnswer(cause, "connecting", false);
    }
  }

  /** Nothing to load: the server's data is its own. */
  @Override
  public void prepare(Progress progress) {}

  @Override
  public OptionValues attach() {
    return OptionValues.defaults();
  }

  /**
   * Nothing to compare: an HTTP server keeps no count that txbench can read back. The answers are
   * as the run counted them, each by its status.
   */
  @Override
  public Verification verify(Tally tally) {
    return Verification.of(
        Map.of(),
        List.of(),
        List.of("an HTTP server keeps no count txbench can read back: the answers are as counted"));
  }
}
