package io.txbench.http;

import io.vertx.core.Future;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientConnection;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * Where a worker sends its requests. With a connection for each worker (HTTP/1.1, {@code
 * --max-connections} no fewer than the workers: wrk's and ab's way), the worker keeps one of its
 * own, on one event loop, which answers and sends its next request without handing it to another
 * thread; one the server closed is opened again for the next iteration. Otherwise the workers share
 * the target's pool of connections, each request taking whichever is free.
 */
final class HttpSession implements AutoCloseable {
  private final HttpTarget target;
  private final Origin origin;
  private final boolean own;
  private @Nullable HttpClientConnection connection;
  private volatile boolean closed;

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

  /** Where the next request goes now, or null when the worker's connection must be opened again. */
  @Nullable HttpClient ready() {
    if (!own) {
      return target.client();
    }
    HttpClientConnection current = connection;
    return current == null || closed ? null : current;
  }

  /** Opens the worker's connection again, after the server or the network closed it. */
  Future<HttpClient> reconnect() {
    return target
        .connect(origin)
        .map(
            opened -> {
              closed = false;
              opened.closeHandler(v -> closed = true);
              connection = opened;
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
