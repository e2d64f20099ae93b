package io.txbench.http;

import io.txbench.core.engine.Effects;
import io.txbench.core.script.Reply;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One request and its answer, as an iteration's stage: it completes when the answer's status is one
 * {@code --http-ok} accepts, and fails with an {@link HttpFailure} otherwise. A write reports its
 * commit point to {@link Effects}: committed on an accepted answer, failed on another, its reply
 * lost when the request may have reached the server and no answer came. A request that got no
 * answer gives its worker's connection up.
 */
final class HttpExchange {
  private final HttpSession session;
  private final Effects effects;
  private final boolean write;
  private final HttpOptions options;
  private final Supplier<String> request;
  private final CompletableFuture<Reply> done = new CompletableFuture<>();
  private @Nullable Reply reply;

  /**
   * The exchange of {@code request} (its method and URL, for messages: made only for a failure) on
   * {@code session}, a write ({@code write}) having reported its commit point before.
   */
  HttpExchange(
      HttpSession session,
      Effects effects,
      boolean write,
      HttpOptions options,
      Supplier<String> request) {
    this.session = session;
    this.effects = effects;
    this.write = write;
    this.options = options;
    this.request = request;
  }

  /**
   * Sends the request once it has a connection, with {@code body} if any; its stage, which gives
   * the answer's JSON fields when {@code fields} asks for them (a {@code \gset}), else nothing.
   */
  CompletableFuture<Reply> send(
      Future<HttpClientRequest> connecting, @Nullable Buffer body, boolean fields) {
    connecting.onComplete(
        (sending, notSent) -> {
          if (notSent != null) {
            fail(HttpFailure.noAnswer(notSent, request.get(), false));
            return;
          }
          (body == null ? sending.send() : sending.send(body))
              .onComplete(
                  (response, lost) -> {
                    if (lost != null) {
                      fail(HttpFailure.noAnswer(lost, request.get(), true));
                    } else {
                      read(response, fields);
                    }
                  });
        });
    return done;
  }

  /**
   * Reads the answer to its end (its connection is free for the next request only then), its body
   * kept only when its {@code fields} are asked for.
   */
  private void read(HttpClientResponse response, boolean fields) {
    int status = response.statusCode();
    Future<?> ended =
        fields ? response.body().map(b -> reply = HttpReplies.fields(b, request)) : response.end();
    ended.onComplete(
        (read, lost) -> {
          if (lost != null) {
            fail(HttpFailure.noAnswer(lost, request.get(), true));
            return;
          }
          session.answered(response, () -> judge(status));
        });
  }

  /** The answer's verdict: done on a status --http-ok accepts, failed on another. */
  private void judge(int status) {
    if (options.ok().contains(status)) {
      if (write) {
        effects.committed();
      }
      Reply fields = reply;
      done.complete(fields == null ? HttpReplies.NONE : fields);
    } else {
      fail(HttpFailure.status(status, request.get(), options.retry()));
    }
  }

  private void fail(HttpFailure failure) {
    if (failure.failure().errorClass().unanswered()) {
      session.discard();
    }
    if (write) {
      effects.failed(failure.failure().replyLost());
    }
    done.completeExceptionally(failure);
  }
}
