package io.txbench.http;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Where a worker sends its requests. With a connection for each worker in clear-text HTTP/1.1
 * ({@code --max-connections} no fewer than the workers: wrk's and ab's way), the worker keeps one
 * of its own, driven by Netty's codec ({@link Http1Session}); otherwise (HTTP/2, TLS, more workers
 * than connections) the workers share Vert.x's pool of connections ({@link PooledSession}).
 */
sealed interface HttpSession extends AutoCloseable permits Http1Session, PooledSession {

  /**
   * The session of one of {@code workers} workers whose requests go to {@code origin}; its
   * connection opened, when it has one.
   */
  static HttpSession open(HttpTarget target, Origin origin, int workers)
      throws ExecutionException, TimeoutException, InterruptedException {
    return target.connectionPerWorker(origin, workers)
        ? Http1Session.open(target, origin)
        : new PooledSession(target);
  }

  /**
   * Sends {@code call} filled with {@code values}, reading the answer's JSON fields when {@code
   * fields} asks for them, and tells {@code exchange} what came of it.
   */
  void send(HttpCall call, List<Object> values, boolean fields, HttpExchange exchange);

  @Override
  void close();
}
