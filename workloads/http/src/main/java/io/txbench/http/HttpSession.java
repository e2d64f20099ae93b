package io.txbench.http;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientConnection;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.RequestOptions;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * Where a worker sends its requests. With a connection for each worker (HTTP/1.1, {@code
 * --max-connections} no fewer than the workers: wrk's and ab's way), the worker keeps one of its
 * own, on one event loop, which answers and sends its next request without handing it to another
 * thread; one the server closed, or said it closes (HTTP/1.0, {@code Connection: close}), is opened
 * again for the next request, which is no error. Otherwise the workers share the target's pool of
 * connections, each request taking whichever is free.
 */
final class HttpSession implements AutoCloseable {
  private final HttpTarget target;
  private final Origin origin;
  private final boolean own;
  private @Nullable HttpClientConnection connection;
  private volatile boolean closed;

  /** What the server did with its connection after an answer that did not say. */
  private enum Reuse {
    UNKNOWN,
    KEPT,
    CLOSED
  }

  private volatile Reuse reuse = Reuse.UNKNOWN;

  private HttpSession(HttpTarget target, Origin origin, boolean own) {
    this.target = target;
    this.origin = origin;
    this.own = own;
  }

  /**
   * The session of one of {@code workers} workers whose requests go to {@code origin}; its
   * connection opened, when it has one.
   */
  static HttpSession open(HttpTarget target, Origin origin, int workers)
      throws ExecutionException, TimeoutException, InterruptedException {
    HttpSession session = new HttpSession(target, origin, target.connectionPerWorker(workers));
    if (session.own) {
      session
          .reconnect()
          .toCompletionStage()
          .toCompletableFuture()
          .get(target.options().timeout().toMillis() + 1000, TimeUnit.MILLISECONDS);
    }
    return session;
  }

  /**
   * The request of {@code options}, on the worker's connection or the target's pool. A connection
   * the server closed while it waited (its close not seen yet) takes no request: the request, not
   * sent, goes on a new connection, as wrk and ab reconnect; nothing is counted against it.
   */
  Future<HttpClientRequest> request(RequestOptions options) {
    if (!own) {
      return target.client().request(options);
    }
    HttpClientConnection current = connection;
    if (current == null || closed) {
      return reconnect().compose(opened -> opened.request(options));
    }
    return current
        .request(options)
        .recover(notSent -> reconnect().compose(opened -> opened.request(options)));
  }

  /**
   * Runs {@code next} (what follows an answer: the worker's next request, as like as not) once it
   * is known whether the answer's connection goes on. One the server said it closes ({@code
   * Connection: close}) is given up at once, one it said it keeps ({@code Connection: keep-alive})
   * goes on. An answer that says neither may be HTTP/1.0's, which closes (RFC 9112, 9.3), and
   * Vert.x reads it without telling its version, closing the connection only once its handlers ran:
   * the first such answer is followed two turns of the event loop later, when a connection Vert.x
   * closed is seen closed, and what the server did is kept for the session's next answers.
   */
  void answered(HttpClientResponse response, Runnable next) {
    List<String> tokens = tokens(response.getHeader(HttpHeaders.CONNECTION));
    Context context = Vertx.currentContext();
    if (!own || tokens.contains("keep-alive") || reuse == Reuse.KEPT) {
      next.run(); // the pool reads the same headers and never lends a closing connection again
    } else if (tokens.contains("close") || reuse == Reuse.CLOSED) {
      discard();
      next.run();
    } else if (context == null) {
      discard(); // off the event loop, nothing tells: a new connection is safe
      next.run();
    } else {
      context.runOnContext(
          v ->
              context.runOnContext(
                  w -> {
                    reuse = closed ? Reuse.CLOSED : Reuse.KEPT;
                    next.run();
                  }));
    }
  }

  /** The tokens of a {@code Connection} header, in lower case (none when it is absent). */
  private static List<String> tokens(@Nullable String header) {
    return header == null
        ? List.of()
        : Arrays.stream(header.split(","))
            .map(token -> token.strip().toLowerCase(Locale.ROOT))
            .toList();
  }

  /** Opens the worker's connection again, after the server or the network closed it. */
  private Future<HttpClientConnection> reconnect() {
    return target
        .connect(origin)
        .map(
            opened -> {
              closed = false;
              connection = opened;
              // The close of one given up before is not this one's.
              opened.closeHandler(v -> closed |= connection == opened);
              return opened;
            });
  }

  /**
   * Gives up the worker's connection after a request on it got no answer (a timeout resets it, a
   * lost one is gone): the next iteration opens another rather than fail on it.
   */
  void discard() {
    HttpClientConnection current = connection;
    connection = null;
    if (current != null) {
      current.close();
    }
  }

  @Override
  public void close() {
    HttpClientConnection current = connection;
    if (current != null) {
      current.close();
    }
  }
}
