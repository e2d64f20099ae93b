package io.txbench.http;

import io.txbench.core.engine.Effects;
import io.txbench.core.engine.Tally;
import io.txbench.core.engine.Worker;
import io.txbench.core.keys.KeyChooser;
import io.txbench.core.keys.KeyDistribution;
import io.txbench.core.kinds.ItemKind;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.AsyncWorkload;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.WorkloadOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Requests on the asynchronous model: each iteration sends one request, its {@code {key}} drawn for
 * it, and succeeds when the answer's status is one {@code --http-ok} accepts ({@link
 * HttpExchange}). A request that may change the server's state (any method but GET, HEAD, OPTIONS,
 * TRACE) is a commit point: one whose answer is lost after it was sent is in doubt, as a COMMIT
 * whose answer is lost.
 */
final class HttpWorkload implements AsyncWorkload<HttpSession, HttpFailure> {
  private final HttpTarget target;
  private final RequestTemplate request;
  private final KeyChooser keys;
  private final HttpMethod method;
  private final long timeoutMillis;
  private final Origin origin;
  private final KeyedText path;
  private final boolean bodiless;
  private final KeyedText shown;

  HttpWorkload(HttpTarget target, HttpKind kind, WorkloadOptions options) {
    this.target = target;
    this.request = kind.template(options.declared(), target.url());
    long size = ItemKind.tableSize(options.declared());
    this.keys =
        options.declared().get(KeyDistribution.OPTION).or(KeyDistribution.UNIFORM).over(() -> size);
    this.method = HttpMethod.valueOf(request.method());
    // The server and scheme once: a URL parsed for each request costs as much as sending it.
    String written = String.join(KeyedText.KEY, request.url().parts());
    int slash = written.indexOf('/', written.indexOf("://") + 3);
    this.origin = Origin.of(written);
    this.path = KeyedText.of(slash < 0 ? "/" : written.substring(slash));
    this.timeoutMillis = target.options().timeout().toMillis();
    this.bodiless = !request.body().keyed() && request.body().with(0).isEmpty();
    // Masked once, {key} and all: a failure's message costs no pattern matching.
    this.shown = KeyedText.of(request.method() + " " + RequestTemplate.shown(written));
  }

  @Override
  public CompletionStage<?> start(Worker worker, HttpSession session) {
    long key = keys.next(worker.random());
    Effects effects = worker.effects();
    boolean write = !request.safe();
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
    HttpExchange exchange =
        new HttpExchange(session, effects, write, target.options(), () -> shown(key));
    return exchange.send(
        session.request(options(key)), bodiless ? null : Buffer.buffer(request.body().with(key)));
  }

  private RequestOptions options(long key) {
    RequestOptions options =
        new RequestOptions()
            .setMethod(method)
            .setHost(origin.host())
            .setPort(origin.port())
            .setSsl(origin.tls())
            .setURI(path.with(key))
            .setIdleTimeout(timeoutMillis);
    for (RequestTemplate.Header header : request.headers()) {
      options.putHeader(header.name(), header.value().with(key));
    }
    String authorization = target.authorization();
    if (authorization != null) {
      options.putHeader("Authorization", authorization);
    }
    return options;
  }

  /** The request in a failure's message: its method and URL, the key filled in. */
  private String shown(long key) {
    return shown.with(key);
  }

  @Override
  public HttpSession openSession(Worker worker) throws HttpFailure {
    try {
      return HttpSession.open(target, origin, worker.workers());
    } catch (ExecutionException e) {
      throw HttpFailure.noAnswer(e.getCause() == null ? e : e.getCause(), "connecting", false);
    } catch (TimeoutException e) {
      throw HttpFailure.noAnswer(e, "connecting", false);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // a stop while the sessions open: the crew sees it
      throw HttpFailure.noAnswer(e, "connecting", false);
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
