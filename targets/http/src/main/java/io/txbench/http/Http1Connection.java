package io.txbench.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.concurrent.Future;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP/1.1 connection of a worker's own, one request in flight on it: each answer read in place
 * from the connection's bytes ({@link Http1Answer}) and handed to its {@link HttpExchange} once
 * read to its end. An answer that says its connection closes (HTTP/1.0's without keep-alive, {@code
 * Connection: close}) closes it, and the next request goes on a new one. A request waits at most
 * {@code --http-timeout} for each part of its answer: one deadline for the connection, moved on by
 * each send and read and checked by a single task that sleeps while nothing is in flight, rather
 * than a timer for each request.
 */
final class Http1Connection extends ByteToMessageDecoder {
  private final long timeoutNanos;
  private final Http1Answer answer = new Http1Answer();
  private final Runnable checker = this::check;
  private @Nullable ChannelHandlerContext context;
  private @Nullable HttpExchange pending;
  private @Nullable Future<?> deadline;
  private boolean fields;
  private long activeAt;
  private volatile boolean closed;

  Http1Connection(long timeoutNanos) {
    this.timeoutNanos = timeoutNanos;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    context = ctx;
  }

  /** Whether a request may go on it: open, as far as this event loop has seen. */
  boolean usable() {
    ChannelHandlerContext ctx = context;
    return !closed && ctx != null && ctx.channel().isActive();
  }

  /** Whether the caller runs on the connection's event loop. */
  boolean onLoop() {
    ChannelHandlerContext ctx = context;
    return ctx == null || ctx.executor().inEventLoop();
  }

  ByteBufAllocator allocator() {
    ChannelHandlerContext ctx = context;
    return ctx == null ? ByteBufAllocator.DEFAULT : ctx.alloc();
  }

  void execute(Runnable task) {
    ChannelHandlerContext ctx = context;
    if (ctx != null) {
      ctx.executor().execute(task);
    }
  }

  /**
   * Writes {@code request} (encoded, a HEAD's when {@code head}), its answer going to {@code
   * exchange}, its body kept for its JSON fields when {@code fields}. On the event loop only.
   */
  void send(ByteBuf request, boolean head, boolean fields, HttpExchange exchange) {
    ChannelHandlerContext ctx = context;
    if (ctx == null) {
      request.release();
      exchange.lost(new IOException("connection not open"), false);
      return;
    }
    pending = exchange;
    this.fields = fields;
    answer.expect(head, fields);
    activeAt = System.nanoTime();
    if (deadline == null) {
      deadline = ctx.executor().schedule(checker, timeoutNanos, TimeUnit.NANOSECONDS);
    }
    // A failed write reaches exceptionCaught: no promise or listener for each request.
    ChannelFuture unused = ctx.writeAndFlush(request, ctx.voidPromise());
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (pending == null) {
      in.skipBytes(in.readableBytes()); // nothing asked: a server's stray bytes
      return;
    }
    try {
      if (answer.read(in, ctx.alloc())) {
        answered();
      }
    } catch (RuntimeException e) {
      in.skipBytes(in.readableBytes());
      lost(e);
    }
  }

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (pending != null && in.isReadable()) {
      decode(ctx, in, out);
    }
    if (pending != null && answer.endsAtClose()) {
      answer.closed(); // a body without a length ends with the connection
      answered();
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
    if (pending != null) {
      activeAt = System.nanoTime();
    }
    super.channelReadComplete(ctx);
  }

  private void answered() {
    HttpExchange exchange = pending;
    pending = null;
    String text = answer.bodyText();
    if (!answer.keepAlive()) {
      close(); // the server closes it: the next request opens another, as wrk and ab do
    }
    if (exchange != null) {
      exchange.answered(
          answer.status(), fields ? HttpReplies.fields(text, exchange::request) : HttpReplies.NONE);
    }
  }

  /** The answer in flight lost for {@code cause}: the request may have reached the server. */
  private void lost(Throwable cause) {
    HttpExchange exchange = pending;
    pending = null;
    answer.release();
    close();
    if (exchange != null) {
      exchange.lost(cause, true);
    }
  }

  /** Fails the request in flight once its answer is {@code --http-timeout} late. */
  private void check() {
    deadline = null;
    ChannelHandlerContext ctx = context;
    if (pending == null || closed || ctx == null) {
      return; // the next send sets it again
    }
    long left = activeAt + timeoutNanos - System.nanoTime();
    if (left > 0) {
      deadline = ctx.executor().schedule(checker, left, TimeUnit.NANOSECONDS);
    } else {
      lost(new TimeoutException("no answer in time"));
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    closed = true;
    super.channelInactive(ctx); // decodeLast: an answer the close ends is whole
    lost(new IOException("connection closed before the answer"));
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    lost(cause);
  }

  void close() {
    closed = true;
    Future<?> watching = deadline;
    deadline = null;
    if (watching != null) {
      watching.cancel(false);
    }
    ChannelHandlerContext ctx = context;
    if (ctx != null) {
      ChannelFuture unused = ctx.channel().close(); // closes alike, failed or not
    }
  }
}
