package io.txbench.mysql.async;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.ssl.SslHandler;
import io.txbench.eventloop.ConnectionOpening;
import java.nio.ByteOrder;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;

/**
 * Opens a connection of the event-loop client: TCP, the server's greeting (the initial handshake,
 * version 10), TLS when the mode asks for it and the server offers it (an SSL request, then TLS),
 * the handshake response, and the authentication the server asks for ({@link MySqlLogin}), until
 * the server says OK; then {@link MySqlWire} takes the connection over. A server that has not
 * answered within the connect timeout fails the opening, as one that refused it.
 */
final class MySqlHandshake extends ConnectionOpening<MySqlWire> {
  private final MySqlEndpoint endpoint;
  private final MySqlLogin login;

  private MySqlHandshake(MySqlEndpoint endpoint) {
    super(endpoint.host(), endpoint.port(), endpoint.connectTimeout());
    this.endpoint = endpoint;
    this.login = new MySqlLogin(endpoint);
  }

  /** Opens a connection to {@code endpoint} on one of {@code bootstrap}'s event loops. */
  static CompletableFuture<MySqlWire> open(Bootstrap bootstrap, MySqlEndpoint endpoint) {
    return new MySqlHandshake(endpoint)
        .connect(
            bootstrap,
            new LengthFieldBasedFrameDecoder(ByteOrder.LITTLE_ENDIAN, 1 << 25, 0, 3, 1, 0, true));
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
        opened(ctx, new MySqlWire(ctx.channel(), login.deprecateEof()));
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

  /**
   * REQUIRED encrypts unchecked; VERIFY_CA checks the certificate, VERIFY_IDENTITY the host too.
   */
  private SslHandler tls(ChannelHandlerContext ctx, MySqlTls tls)
      throws javax.net.ssl.SSLException {
    return tls(ctx, tls.verifies(), tls == MySqlTls.VERIFY_IDENTITY);
  }
}
