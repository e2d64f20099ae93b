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
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Requests on the asynchronous model: each iteration sends one request, its {@code {key}} drawn for
 * it, and succeeds when the answer's status is one {@code --http-ok} accepts. A request that may
 * change the server's state (any method but GET, HEAD, OPTIONS, TRACE) is a commit point: one whose
 * answer is lost after it was sent is in doubt, as a COMMIT whose answer is lost.
 */
final class HttpWorkload implements AsyncWorkload<HttpSession, HttpFailure> {
  private final HttpTarget target;
  private final RequestTemplate request;
  private final KeyChooser keys;
  private final HttpMethod method;
  private final long timeoutMillis;

  HttpWorkload(HttpTarget target, HttpKind kind, WorkloadOptions options) {
    this.target = target;
    this.request = kind.template(options.declared(), target.url());
    long size = ItemKind.tableSize(options.declared());
    this.keys =
        options.declared().get(KeyDistribution.OPTION).or(KeyDistribution.UNIFORM).over(() -> size);
    this.method = HttpMethod.valueOf(request.method());
    this.timeoutMillis = target.options().timeout().toMillis();
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
    CompletableFuture<Void> done = new CompletableFuture<>();
    target
        .client()
        .request(options(key))
        .onComplete(
            (sending, notSent) -> {
              if (notSent != null) {
                fail(done, effects, write, HttpFailure.noAnswer(notSent, shown(key), false));
              } else {
                send(sending, key, effects, write, done);
              }
            });
    return done;
  }

  private void send(
      HttpClientRequest sending,
      long key,
      Effects effects,
      boolean write,
      CompletableFuture<Void> done) {
    (request.body().with(key).isEmpty()
            ? sending.send()
            : sending.send(Buffer.buffer(request.body().with(key))))
        .onComplete(
            (response, lost) -> {
              if (lost != null) {
                fail(done, effects, write, HttpFailure.noAnswer(lost, shown(key), true));
              } else {
                read(response, key, effects, write, done);
              }
            });
  }

  /** Reads the answer to its end (a connection is free for the next request only then). */
  private void read(
      HttpClientResponse response,
      long key,
      Effects effects,
      boolean write,
      CompletableFuture<Void> done) {
    int status = response.statusCode();
    response
        .end()
        .onComplete(
            (ended, lost) -> {
              if (lost != null) {
                fail(done, effects, write, HttpFailure.noAnswer(lost, shown(key), true));
              } else if (target.options().ok().contains(status)) {
                if (write) {
                  effects.committed();
                }
                done.complete(null);
              } else {
                HttpFailure refused =
                    HttpFailure.status(status, shown(key), target.options().retry());
                fail(done, effects, write, refused);
              }
            });
  }

  private static void fail(
      CompletableFuture<Void> done, Effects effects, boolean write, HttpFailure failure) {
    if (write) {
      effects.failed(failure.failure().replyLost());
    }
    done.completeExceptionally(failure);
  }

  private RequestOptions options(long key) {
    RequestOptions options =
        new RequestOptions()
            .setMethod(method)
            .setAbsoluteURI(request.url().with(key))
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
    return request.method() + " " + RequestTemplate.shown(request.url().with(key));
  }

  @Override
  public HttpSession openSession(Worker worker) {
    return new HttpSession();
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
