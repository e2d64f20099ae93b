package io.txbench.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP/1.1 connection of a worker's own, one request in flight on it: Netty's response decoder
 * in front of this handler, which hands each answer to its {@link HttpExchange} once read to its
 * end. An answer that says its connection closes (HTTP/1.0's without keep-alive, {@code Connection:
 * close}) closes it, and the next request goes on a new one. A request waits at most {@code
 * --http-timeout} for each part of its answer: one deadline for the connection, moved on by each
 * send and read and checked by a single task that sleeps while nothing is in flight, rather than a
 * timer for each request.
 */
final class Http1Connection extends ChannelInboundHandlerAdapter {
  private final long timeoutNanos;
  private final Decoder decoder = new Decoder();
  private final Runnable checker = this::check;
  private @Nullable ChannelHandlerContext context;
  private @Nullable HttpExchange pending;
  private @Nullable CompositeByteBuf body;
  private @Nullable Future<?> deadline;
  private boolean fields;
  private boolean keepAlive;
  private boolean informational;
  private int status;
  private long activeAt;
  private volatile boolean closed;

  /**
   * The response decoder; told when the answer in flight is a HEAD's, which has no body. It checks
   * no header's characters: only the status, the framing and {@code Connection} are read, and the
   * checks were a tenth of the decoder's time.
   */
  private static final class Decoder extends HttpResponseDecoder {
    private boolean head;

    Decoder() {
      super(new HttpDecoderConfig().setValidateHeaders(false));
    }

    @Override
    protected boolean isContentAlwaysEmpty(HttpMessage message) {
      return head || super.isContentAlwaysEmpty(message);
    }
  }

  Http1Connection(long timeoutNanos) {
    this.timeoutNanos = timeoutNanos;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    context = ctx;
    ctx.pipeline().addBefore(ctx.name(), null, decoder);
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
    decoder.head = head;
    status = 0;
    keepAlive = true;
    informational = false;
    activeAt = System.nanoTime();
    if (deadline == null) {
      deadline = ctx.executor().schedule(checker, timeoutNanos, TimeUnit.NANOSECONDS);
    }
    // A failed write reaches exceptionCaught: no promise or listener for each request.
    ChannelFuture unused = ctx.writeAndFlush(request, ctx.voidPromise());
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object message) {
    try {
      if (pending == null) {
        return; // nothing asked: a server's stray bytes
      }
      if (message instanceof HttpResponse response) {
        if (response.decoderResult().isFailure()) {
          lost(response.decoderResult().cause());
          return;
        }
        status = response.status().code();
        informational = status >= 100 && status < 200;
        keepAlive = HttpUtil.isKeepAlive(response);
      }
      if (message instanceof HttpContent content) {
        if (content.decoderResult().isFailure()) {
          lost(content.decoderResult().cause());
          return;
        }
        if (fields && !informational && content.content().isReadable()) {
          CompositeByteBuf kept = body == null ? ctx.alloc().compositeBuffer() : body;
          body = kept.addComponent(true, content.content().retain());
        }
        if (message instanceof LastHttpContent) {
          if (informational) {
            informational = false; // a 100 Continue: the answer follows
          } else {
            answered();
          }
        }
      }
    } finally {
      ReferenceCountUtil.release(message);
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    if (pending != null) {
      activeAt = System.nanoTime();
    }
  }

  private void answered() {
    HttpExchange exchange = pending;
    pending = null;
    CompositeByteBuf kept = body;
    body = null;
    String text = "";
    if (kept != null) {
      text = kept.toString(StandardCharsets.UTF_8);
      kept.release();
    }
    if (!keepAlive) {
      close(); // the server closes it: the next request opens another, as wrk and ab do
    }
    if (exchange != null) {
      exchange.answered(
          status, fields ? HttpReplies.fields(text, exchange::request) : HttpReplies.NONE);
    }
  }

  /** The answer in flight lost for {@code cause}: the request may have reached the server. */
  private void lost(Throwable cause) {
    HttpExchange exchange = pending;
    pending = null;
    CompositeByteBuf kept = body;
    body = null;
    if (kept != null) {
      kept.release();
    }
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
  public void channelInactive(ChannelHandlerContext ctx) {
    closed = true;
    lost(new IOException("connection closed before the answer"));
    ctx.fireChannelInactive();
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
