package io.txbench.mysql.async;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.nio.ByteOrder;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * Opens a connection of the event-loop client: TCP, the server's greeting (the initial handshake,
 * version 10), TLS when the mode asks for it and the server offers it (an SSL request, then TLS),
 * the handshake response, and the authentication the server asks for ({@link MySqlLogin}), until
 * the server says OK; then {@link MySqlWire} takes the connection over. A server that has not
 * answered within the connect timeout fails the opening, as one that refused it.
 */
final class MySqlHandshake extends ChannelInboundHandlerAdapter {
  private static final String CANNOT_CONNECT = "08001";

  private final MySqlEndpoint endpoint;
  private final CompletableFuture<MySqlWire> opened;
  private final MySqlLogin login;

  private MySqlHandshake(MySqlEndpoint endpoint, CompletableFuture<MySqlWire> opened) {
    this.endpoint = endpoint;
    this.opened = opened;
    this.login = new MySqlLogin(endpoint);
  }

  /** Opens a connection to {@code endpoint} on one of {@code bootstrap}'s event loops. */
  static CompletableFuture<MySqlWire> open(Bootstrap bootstrap, MySqlEndpoint endpoint) {
    CompletableFuture<MySqlWire> opened = new CompletableFuture<>();
    int millis = (int) Math.min(Integer.MAX_VALUE, endpoint.connectTimeout().toMillis());
    MySqlHandshake handshake = new MySqlHandshake(endpoint, opened);
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
                    .addLast(
                        "frames",
                        new LengthFieldBasedFrameDecoder(
                            ByteOrder.LITTLE_ENDIAN, 1 << 25, 0, 3, 1, 0, true));
                channel.pipeline().addLast("handshake", handshake);
              }
            })
        .connect(endpoint.host(), endpoint.port())
        .addListener(
            connected -> {
              if (!connected.isSuccess()) {
                handshake.fail(connected.cause());
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
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf frame = (ByteBuf) msg;
    try {
      int end = frame.writerIndex();
      frame.skipBytes(3);
      int sequence = frame.readUnsignedByte();
      if (frame.readableBytes() > 0
          && frame.getUnsignedByte(frame.readerIndex()) == MySqlPackets.ERR) {
        failAndClose(ctx, MySqlPackets.error(frame, end));
        return;
      }
      if (!login.greeted()) {
        greeting(ctx, frame, end);
        return;
      }
      if (login.answer(ctx, frame, end, sequence)) {
        // From here on the connection reads its packets in place (MySqlWire#decode).
        MySqlWire wire = new MySqlWire(ctx.channel(), login.deprecateEof());
        ctx.pipeline().replace(this, "wire", wire);
        ctx.pipeline().remove("frames"); // what it holds yet, if anything, goes to the wire
        opened.complete(wire);
      }
    } catch (SQLException | RuntimeException e) {
      failAndClose(ctx, e);
    } finally {
      frame.release();
    }
  }

  /** Reads the server's greeting, and answers it: through TLS first when the mode asks. */
  private void greeting(ChannelHandlerContext ctx, ByteBuf in, int end) throws SQLException {
    boolean offersTls = login.greeting(in, end);
    MySqlTls tls = endpoint.tls().forServer(login.mariaDb());
    if (!tls.asks() || !offersTls) {
      if (tls.requires()) {
        throw new SQLException(
            "the server does not offer TLS, which sslMode=" + tls + " requires", CANNOT_CONNECT);
      }
      login.respond(ctx, false);
      return;
    }
    login.requestTls(ctx);
    SslHandler handler;
    try {
      handler = tls(ctx, tls);
    } catch (javax.net.ssl.SSLException e) {
      throw new SQLException("TLS: " + e.getMessage(), CANNOT_CONNECT, e);
    }
    ctx.pipeline().addFirst("tls", handler);
    handler
        .handshakeFuture()
        .addListener(
            done -> {
              if (done.isSuccess()) {
                try {
                  login.respond(ctx, true);
                } catch (SQLException | RuntimeException e) {
                  failAndClose(ctx, e);
                }
              } else {
                failAndClose(ctx, done.cause());
              }
            });
  }

  private SslHandler tls(ChannelHandlerContext ctx, MySqlTls tls)
      throws javax.net.ssl.SSLException {
    SslContextBuilder builder = SslContextBuilder.forClient();
    if (!tls.verifies()) {
      builder.trustManager(InsecureTrustManagerFactory.INSTANCE); // REQUIRED: encrypted, unchecked
    }
    SslHandler handler = builder.build().newHandler(ctx.alloc(), endpoint.host(), endpoint.port());
    if (tls == MySqlTls.VERIFY_IDENTITY) {
      SSLEngine engine = handler.engine();
      SSLParameters parameters = engine.getSSLParameters();
      parameters.setEndpointIdentificationAlgorithm("HTTPS");
      engine.setSSLParameters(parameters);
    }
    return handler;
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

  /**
   * Fails the opening with {@code cause}, an SQLException as the drivers' (08001) when it is none.
   */
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
