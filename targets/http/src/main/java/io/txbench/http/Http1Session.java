package io.txbench.http;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * A worker's own clear-text HTTP/1.1 connection, kept alive from request to request on one of the
 * run's event loops, which reads each answer and sends the worker's next request without handing it
 * to another thread. Each request is written as its bytes, in one buffer; Netty's decoder reads the
 * answers ({@link Http1Connection}). A connection the server closed, or said it closes, is opened
 * again for the next request, which is no error: the request, not sent, goes on the new one, as wrk
 * and ab reconnect.
 */
final class Http1Session implements HttpSession {
  private final Bootstrap bootstrap;
  private final String host;
  private final int port;
  private final String hostHeader;
  private final @Nullable String authorization;
  private final long timeoutNanos;
  private volatile @Nullable Http1Connection connection;

  private Http1Session(HttpTarget target, Origin origin) {
    int millis = (int) Math.min(Integer.MAX_VALUE, target.options().timeout().toMillis());
    this.bootstrap =
        target
            .bootstrap()
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, millis);
    // An IPv6 literal is bracketed in a URL and its Host header, not in an address.
    this.host = origin.host().replaceAll("^\\[(.*)]$", "$1");
    this.port = origin.port();
    this.hostHeader = port == 80 ? origin.host() : origin.host() + ":" + port;
    this.authorization = target.authorization();
    this.timeoutNanos = target.options().timeout().toNanos();
  }

  /** The session, its connection to {@code origin} opened. */
  static Http1Session open(HttpTarget target, Origin origin)
      throws ExecutionException, TimeoutException, InterruptedException {
    Http1Session session = new Http1Session(target, origin);
    ChannelFuture opened = session.connect();
    long millis = target.options().timeout().toMillis() + 1000;
    if (!opened.await(millis, TimeUnit.MILLISECONDS)) {
      ChannelFuture unused = opened.channel().close();
      throw new TimeoutException("no connection in " + millis + " ms");
    }
    if (!opened.isSuccess()) {
      throw new ExecutionException(opened.cause());
    }
    session.connection = handler(opened.channel());
    return session;
  }

  private ChannelFuture connect() {
    return bootstrap.clone().handler(new Http1Connection(timeoutNanos)).connect(host, port);
  }

  private static Http1Connection handler(Channel channel) {
    Http1Connection handler = channel.pipeline().get(Http1Connection.class);
    if (handler == null) {
      throw new IllegalStateException("a connection without its handler");
    }
    return handler;
  }

  @Override
  public void send(HttpCall call, List<Object> values, boolean fields, HttpExchange exchange) {
    Http1Connection current = connection;
    if (current != null && !current.onLoop()) {
      current.execute(() -> send(call, values, fields, exchange)); // a start off the loop
    } else if (current != null && current.usable()) {
      write(current, call, values, fields, exchange);
    } else {
      ChannelFuture unused =
          connect()
              .addListener(
                  (ChannelFuture opened) -> {
                    if (opened.isSuccess()) {
                      Http1Connection fresh = handler(opened.channel());
                      connection = fresh;
                      write(fresh, call, values, fields, exchange);
                    } else {
                      exchange.lost(opened.cause(), false);
                    }
                  });
    }
  }

  private void write(
      Http1Connection on,
      HttpCall call,
      List<Object> values,
      boolean fields,
      HttpExchange exchange) {
    ByteBuf request = on.allocator().buffer(256);
    try {
      call.writeHttp1(request, values, hostHeader, authorization);
    } catch (IllegalArgumentException e) {
      request.release();
      exchange.lost(e, false);
      return;
    }
    on.send(request, call.head(), fields, exchange);
  }

  @Override
  public void close() {
    Http1Connection current = connection;
    if (current != null) {
      current.close();
    }
  }
}
