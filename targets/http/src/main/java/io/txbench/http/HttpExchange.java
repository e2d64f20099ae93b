package io.txbench.http;

import io.txbench.core.script.Reply;
import io.txbench.core.spi.Effects;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One request's verdict, as an iteration's stage: it completes when the answer's status is one
 * {@code --http-ok} accepts, and fails with an {@link HttpFailure} otherwise. A write reports its
 * commit point to {@link Effects}: committed on an accepted answer, failed on another, its reply
 * lost when the request may have reached the server and no answer came. The session that sends the
 * request tells it which ({@link #answered}, {@link #lost}).
 */
final class HttpExchange {
  private final Effects effects;
  private final boolean write;
  private final HttpOptions options;
  private final HttpCall call;
  private final List<Object> values;
  private final CompletableFuture<Reply> done = new CompletableFuture<>();

  /**
   * The exchange of {@code call} filled with {@code values} (shown only in a failure's message), a
   * write ({@code write}) having reported its commit point before.
   */
  HttpExchange(
      Effects effects, boolean write, HttpOptions options, HttpCall call, List<Object> values) {
    this.effects = effects;
    this.write = write;
    this.options = options;
    this.call = call;
    this.values = values;
  }

  CompletableFuture<Reply> done() {
    return done;
  }

  /** The request, its method and URL, as messages show it. */
  String request() {
    return call.shown(values);
  }

  /**
   * The answer, read to its end, of {@code status}, with its JSON fields when they were asked for
   * (a {@code \gset}; {@link HttpReplies#NONE} otherwise): done on a status --http-ok accepts,
   * failed on another.
   */
  void answered(int status, Reply fields) {
    if (options.ok().contains(status)) {
      if (write) {
        effects.answered(1);
      }
      done.complete(fields);
    } else {
      fail(HttpFailure.status(status, call.shown(values), options.retry()));
    }
  }

  /**
   * No answer, for {@code cause}: {@code sent} says whether the request may have reached the server
   * (its reply is lost then), or was never sent (its connection refused, say).
   */
  void lost(Throwable cause, boolean sent) {
    fail(HttpFailure.noAnswer(cause, call.shown(values), sent));
  }

  private void fail(HttpFailure failure) {
    if (write) {
      effects.failed(failure.failure());
    }
    done.completeExceptionally(failure);
  }
}
