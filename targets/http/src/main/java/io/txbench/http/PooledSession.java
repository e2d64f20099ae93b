package io.txbench.http;

import io.txbench.core.script.Reply;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import java.util.List;

/**
 * Requests on Vert.x's HTTP client, which lends each a free connection of the target's pool (up to
 * {@code --max-connections}) or has it wait for one: HTTP/2's shared connections, TLS, and more
 * workers than connections. The pool reads each answer's {@code Connection} header and version, and
 * never lends a connection the server closes again.
 */
final class PooledSession implements HttpSession {
  private final HttpTarget target;

  PooledSession(HttpTarget target) {
    this.target = target;
  }

  @Override
  public void send(HttpCall call, List<Object> values, boolean fields, HttpExchange exchange) {
    Buffer body = call.body(values);
    long timeout = target.options().timeout().toMillis();
    target
        .client()
        .request(call.options(values, timeout, target.authorization()))
        .onComplete(
            (request, notSent) -> {
              if (notSent != null) {
                exchange.lost(notSent, false);
                return;
              }
              (body == null ? request.send() : request.send(body))
                  .onComplete(
                      (response, lost) -> {
                        if (lost != null) {
                          exchange.lost(lost, true);
                        } else {
                          read(response, fields, exchange);
                        }
                      });
            });
  }

  /**
   * Reads the answer to its end (its connection is free for the next request only then), its body
   * kept only when its fields are asked for.
   */
  private static void read(HttpClientResponse response, boolean fields, HttpExchange exchange) {
    int status = response.statusCode();
    Future<Reply> read =
        fields
            ? response.body().map(body -> HttpReplies.fields(body.toString(), exchange::request))
            : response.end().map(ended -> HttpReplies.NONE);
    read.onComplete(
        (reply, lost) -> {
          if (lost != null) {
            exchange.lost(lost, true);
          } else {
            exchange.answered(status, reply);
          }
        });
  }

  @Override
  public void close() {}
}
