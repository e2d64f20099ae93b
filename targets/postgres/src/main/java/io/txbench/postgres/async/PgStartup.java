package io.txbench.postgres.async;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.ssl.SslHandler;
import io.txbench.eventloop.ConnectionOpening;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Opens a connection of the event-loop client: TCP, TLS when {@code sslmode} asks for it, the
 * startup message, and the authentication the server asks for ({@link PgLogin}), until the server
 * is ready for a query; then {@link PgWire} takes the connection over. A server that has not
 * answered within the connect timeout fails the opening, as one that refused it.
 */
final class PgStartup extends ConnectionOpening<PgWire> {
  private static final int PROTOCOL_3 = 196_608;
  private static final int TLS_REQUEST = 80_877_103;

  private final PgEndpoint endpoint;
  private final PgLogin login;

  private PgStartup(PgEndpoint endpoint) {
    super(endpoint.host(), endpoint.port(), endpoint.connectTimeout());
    this.endpoint = endpoint;
    this.login = new PgLogin(endpoint);
  }

  /** Opens a connection to {@code endpoint} on one of {@code bootstrap}'s event loops. */
  static CompletableFuture<PgWire> open(Bootstrap bootstrap, PgEndpoint endpoint) {
    return new PgStartup(endpoint)
        .connect(bootstrap, new LengthFieldBasedFrameDecoder(1 << 30, 1, 4, -4, 0));
  }

  @Override
  protected void connected(ChannelHandlerContext ctx) {
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

  /** libpq's {@code require} encrypts unchecked; {@code verify-full} checks the host too. */
  private SslHandler tls(ChannelHandlerContext ctx) throws javax.net.ssl.SSLException {
    return tls(ctx, endpoint.verifiesServer(), endpoint.sslMode().equals("verify-full"));
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
          opened(ctx, new PgWire(ctx.channel()));
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
}
