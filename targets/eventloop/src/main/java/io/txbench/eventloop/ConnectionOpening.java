package io.txbench.eventloop;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;

/**
 * What opening a connection of an event-loop SQL client is, whatever its protocol: TCP within the
 * connect timeout, the server's frames cut by a decoder until the session is ready, TLS where the
 * protocol turns to it, then the connection handed to the handler that speaks the protocol from
 * there on ({@link #opened}). A server that refuses, closes, sends what cannot be read or has not
 * answered within the connect timeout fails the opening with an {@link SQLException} of state
 * 08001, as the JDBC drivers fail it. The protocol's own steps are the subclass's.
 *
 * @param <W> the handler that speaks the protocol once the connection is open
 */
public abstract class ConnectionOpening<W extends ChannelHandler>
    extends ChannelInboundHandlerAdapter {
  /** The SQLSTATE of a connection that could not be opened. */
  protected static final String CANNOT_CONNECT = "08001";

  private final String host;
  private final int port;
  private final Duration connectTimeout;
  private final CompletableFuture<W> opened = new CompletableFuture<>();

  protected ConnectionOpening(String host, int port, Duration connectTimeout) {
    this.host = host;
    this.port = port;
    this.connectTimeout = connectTimeout;
  }

  /**
   * Connects on one of {@code bootstrap}'s event loops, {@code frames} cutting what the server
   * sends before this handler reads it; the stage completes with the open connection.
   */
  protected final CompletableFuture<W> connect(Bootstrap bootstrap, ChannelHandler frames) {
    ConnectionOpening<W> opening = this;
    bootstrap
        .clone()
        .option(ChannelOption.TCP_NODELAY, true)
        .option(
            ChannelOption.CONNECT_TIMEOUT_MILLIS,
            (int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()))
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel channel) {
                channel.pipeline().addLast("frames", frames).addLast("opening", opening);
              }
            })
        .connect(host, port)
        .addListener(
            connected -> {
              if (!connected.isSuccess()) {
                fail(connected.cause());
              }
            });
    return opened;
  }

  @Override
  public final void channelActive(ChannelHandlerContext ctx) {
    var unusedTimer =
        ctx.executor()
            .schedule(
                () -> {
                  if (!opened.isDone()) {
                    failAndClose(
                        ctx,
                        new SQLException(
                            "the server did not answer within " + connectTimeout.toMillis() + " ms",
                            CANNOT_CONNECT));
                  }
                },
                connectTimeout.toMillis(),
                TimeUnit.MILLISECONDS);
    connected(ctx);
  }

  /** The protocol's first step once TCP is up: none where the server speaks first. */
  protected void connected(ChannelHandlerContext ctx) {}

  /**
   * Hands the connection over to {@code wire}, which reads the server's messages in place from here
   * on (what the frame decoder holds yet, if anything, goes to it), and completes the opening.
   */
  protected final void opened(ChannelHandlerContext ctx, W wire) {
    ctx.pipeline().replace(this, "wire", wire);
    ctx.pipeline().remove("frames");
    opened.complete(wire);
  }

  /**
   * The TLS handler of the connection: the server's certificate checked if {@code verifies} (else
   * only encrypted), and its name against the host too if {@code verifiesHost}.
   */
  protected final SslHandler tls(ChannelHandlerContext ctx, boolean verifies, boolean verifiesHost)
      throws SSLException {
    SslContextBuilder builder = SslContextBuilder.forClient();
    if (!verifies) {
      builder.trustManager(InsecureTrustManagerFactory.INSTANCE); // encrypted, unchecked
    }
    SslHandler handler = builder.build().newHandler(ctx.alloc(), host, port);
    if (verifiesHost) {
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
  protected final void failAndClose(ChannelHandlerContext ctx, Throwable cause) {
    fail(cause);
    var unused = ctx.close();
  }

  /** Fails the opening with {@code cause}, an SQLException as the drivers' when it is none. */
  protected final void fail(Throwable cause) {
    opened.completeExceptionally(
        cause instanceof SQLException sql
            ? sql
            : new SQLException(
                "cannot connect to " + host + ":" + port + ": " + cause.getMessage(),
                CANNOT_CONNECT,
                cause));
  }
}
