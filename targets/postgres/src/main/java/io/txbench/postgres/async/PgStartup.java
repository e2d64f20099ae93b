package io.txbench.postgres.async;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * Opens a connection of the event-loop client: TCP, TLS when {@code sslmode} asks for it, the
 * startup message, and the authentication the server asks for ({@link PgLogin}), until the server
 * is ready for a query; then {@link PgWire} takes the connection over. A server that has not
 * answered within the connect timeout fails the opening, as one that refused it.
 */
final class PgStartup extends ChannelInboundHandlerAdapter {
  private static final String CANNOT_CONNECT = "08001";
  private static final int PROTOCOL_3 = 196_608;
  private static final int TLS_REQUEST = 80_877_103;

  private final PgEndpoint endpoint;
  private final CompletableFuture<PgWire> opened;
  private final PgLogin login;

  private PgStartup(PgEndpoint endpoint, CompletableFuture<PgWire> opened) {
    this.endpoint = endpoint;
    this.opened = opened;
    this.login = new PgLogin(endpoint);
  }

  /** Opens a connection to {@code endpoint} on one of {@code bootstrap}'s event loops. */
  static CompletableFuture<PgWire> open(Bootstrap bootstrap, PgEndpoint endpoint) {
    CompletableFuture<PgWire> opened = new CompletableFuture<>();
    int millis = (int) Math.min(Integer.MAX_VALUE, endpoint.connectTimeout().toMillis());
    PgStartup startup = new PgStartup(endpoint, opened);
    bootstrap
        .clone()
        .option(ChannelOption.TCP_NODELAY, true)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, millis)
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel channel) {
                channel
                    .pipeline()
                    .addLast("frames", new LengthFieldBasedFrameDecoder(1 << 30, 1, 4, -4, 0));
                channel.pipeline().addLast("startup", startup);
              }
            })
        .connect(endpoint.host(), endpoint.port())
        .addListener(
            connected -> {
              if (!connected.isSuccess()) {
                startup.fail(connected.cause());
              }
            });
    return opened;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    var unusedTimer =
        ctx.executor()
            .schedule(
                () -> {
                  if (!opened.isDone()) {
                    failAndClose(
                        ctx,
                        new SQLException(
                            "the server did not answer within "
                                + endpoint.connectTimeout().toMillis()
                                + " ms",
                            CANNOT_CONNECT));
                  }
                },
                endpoint.connectTimeout().toMillis(),
                TimeUnit.MILLISECONDS);
    if (endpoint.asksForTls()) {
      ctx.pipeline().addFirst("tls-answer", new TlsAnswer());
      ByteBuf out = ctx.alloc().ioBuffer(8);
      out.writeInt(8).writeInt(TLS_REQUEST);
      ctx.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    } else {
      startup(ctx);
    }
  }

  /** The server's one-byte answer to the request for TLS, read before any frame. */
  private final class TlsAnswer extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf in = (ByteBuf) msg;
      byte answer;
      try {
        answer = in.readByte();
      } finally {
        in.release();
      }
      ctx.pipeline().remove(this);
      ChannelHandlerContext startup = ctx.pipeline().context(PgStartup.this);
      if (answer == 'S') {
        SslHandler tls;
        try {
          tls = tls(ctx);
        } catch (javax.net.ssl.SSLException e) {
          failAndClose(ctx, e);
          return;
        }
        ctx.pipeline().addFirst("tls", tls);
        tls.handshakeFuture()
            .addListener(
                done -> {
                  if (done.isSuccess()) {
                    startup(startup);
                  } else {
                    fail(done.cause());
                  }
                });
      } else if (endpoint.requiresTls()) {
        failAndClose(
            ctx,
            new SQLException(
                "the server does not accept TLS, which sslmode=" + endpoint.sslMode() + " requires",
                CANNOT_CONNECT));
      } else {
        startup(startup);
      }
    }
  }

  private SslHandler tls(ChannelHandlerContext ctx) throws javax.net.ssl.SSLException {
    SslContextBuilder builder = SslContextBuilder.forClient();
    if (!endpoint.verifiesServer()) {
      builder.trustManager(InsecureTrustManagerFactory.INSTANCE); // libpq's require: no check
    }
    SslHandler handler = builder.build().newHandler(ctx.alloc(), endpoint.host(), endpoint.port());
    if (endpoint.sslMode().equals("verify-full")) {
      SSLEngine engine = handler.engine();
      SSLParameters parameters = engine.getSSLParameters();
      parameters.setEndpointIdentificationAlgorithm("HTTPS");
      engine.setSSLParameters(parameters);
    }
    return handler;
  }

  private void startup(ChannelHandlerContext ctx) {
    ByteBuf out = ctx.alloc().ioBuffer(256);
    out.writeInt(0).writeInt(PROTOCOL_3);
    if (endpoint.user() != null) {
      PgMessages.cString(out, "user");
      PgMessages.cString(out, endpoint.user());
    }
    PgMessages.cString(out, "database");
    PgMessages.cString(out, endpoint.database());
    for (Map.Entry<String, String> parameter : endpoint.parameters().entrySet()) {
      PgMessages.cString(out, parameter.getKey());
      PgMessages.cString(out, parameter.getValue());
    }
    out.writeByte(0);
    out.setInt(0, out.writerIndex());
    ctx.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf frame = (ByteBuf) msg;
    try {
      byte type = frame.readByte();
      frame.skipBytes(4);
      switch (type) {
        case 'R' -> login.answer(ctx, frame);
        case 'E' -> failAndClose(ctx, PgMessages.error(frame));
        case 'Z' -> {
          // From here on the connection reads its messages in place (PgWire#decode).
          PgWire wire = new PgWire(ctx.channel());
          ctx.pipeline().replace(this, "wire", wire);
          ctx.pipeline().remove("frames"); // what it holds yet, if anything, goes to the wire

          opened.complete(wire);
        }
        default -> {
          // the server's parameters, its key for cancelling, a notice
        }
      }
    } catch (SQLException | RuntimeException e) {
      failAndClose(ctx, e);
    } finally {
      frame.release();
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    fail(new SQLException("the server closed the connection while it opened", CANNOT_CONNECT));
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    failAndClose(ctx, cause);
  }

  /** Fails the opening with {@code cause} and closes the channel it was opening. */
  private void failAndClose(ChannelHandlerContext ctx, Throwable cause) {
    fail(cause);
    var unused = ctx.close();
  }

  /** Fails the opening with {@code cause}, an SQLException as PgJDBC's (08001) when it is none. */
  void fail(Throwable cause) {
    opened.completeExceptionally(
        cause instanceof SQLException sql
            ? sql
            : new SQLException(
                "cannot connect to "
                    + endpoint.host()
                    + ":"
                    + endpoint.port()
                    + ": "
                    + cause.getMessage(),
                CANNOT_CONNECT,
                cause));
  }
}
