package io.txbench.postgres.async;

import com.ongres.scram.client.ScramClient;
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
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import org.jspecify.annotations.Nullable;

/**
 * Opens a connection of the event-loop client: TCP, TLS when {@code sslmode} asks for it, the
 * startup message, and the authentication the server asks for (none, a clear-text password, MD5, or
 * SCRAM-SHA-256 through the SCRAM library PgJDBC uses), until the server is ready for a query; then
 * {@link PgWire} takes the connection over. A server that has not answered within the connect
 * timeout fails the opening, as one that refused it.
 */
final class PgStartup extends ChannelInboundHandlerAdapter {
  private static final String CANNOT_CONNECT = "08001";
  private static final int PROTOCOL_3 = 196_608;
  private static final int TLS_REQUEST = 80_877_103;

  private final PgEndpoint endpoint;
  private final CompletableFuture<PgWire> opened;
  private @Nullable ScramClient scram;

  private PgStartup(PgEndpoint endpoint, CompletableFuture<PgWire> opened) {
    this.endpoint = endpoint;
    this.opened = opened;
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
                    fail(
                        new SQLException(
                            "the server did not answer within "
                                + endpoint.connectTimeout().toMillis()
                                + " ms",
                            CANNOT_CONNECT));
                    var unused = ctx.close();
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
          fail(e);
          var unused = ctx.close();
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
        fail(
            new SQLException(
                "the server does not accept TLS, which sslmode=" + endpoint.sslMode() + " requires",
                CANNOT_CONNECT));
        var unused = ctx.close();
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
      PgWire.cString(out, "user");
      PgWire.cString(out, endpoint.user());
    }
    PgWire.cString(out, "database");
    PgWire.cString(out, endpoint.database());
    for (Map.Entry<String, String> parameter : endpoint.parameters().entrySet()) {
      PgWire.cString(out, parameter.getKey());
      PgWire.cString(out, parameter.getValue());
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
        case 'R' -> authenticate(ctx, frame);
        case 'E' -> {
          fail(PgWire.error(frame));
          var unused = ctx.close();
        }
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
      fail(e);
      var unused = ctx.close();
    } finally {
      frame.release();
    }
  }

  private void authenticate(ChannelHandlerContext ctx, ByteBuf in) throws SQLException {
    int method = in.readInt();
    String password = endpoint.password().reveal();
    switch (method) {
      case 0 -> {
        // authenticated
      }
      case 3 -> password(ctx, password.getBytes(StandardCharsets.UTF_8), true);
      case 5 -> {
        byte[] salt = new byte[4];
        in.readBytes(salt);
        String user = endpoint.user() == null ? "" : endpoint.user();
        String inner = md5Hex((password + user).getBytes(StandardCharsets.UTF_8));
        byte[] outer = concat(inner.getBytes(StandardCharsets.US_ASCII), salt);
        password(ctx, ("md5" + md5Hex(outer)).getBytes(StandardCharsets.US_ASCII), true);
      }
      case 10 -> scramFirst(ctx, in, password);
      case 11 -> scramFinal(ctx, in);
      case 12 -> scramVerify(in);
      default ->
          throw new SQLException(
              "the server asks for an authentication this client does not speak ("
                  + method
                  + "); use --pg-client jdbc",
              CANNOT_CONNECT);
    }
  }

  private void scramFirst(ChannelHandlerContext ctx, ByteBuf in, String password)
      throws SQLException {
    List<String> mechanisms = new ArrayList<>();
    for (String m = PgWire.cString(in); !m.isEmpty(); m = PgWire.cString(in)) {
      if (!m.endsWith("-PLUS")) {
        mechanisms.add(m); // without channel binding, as libpq's default channel_binding=prefer may
      }
    }
    try {
      ScramClient client =
          ScramClient.builder()
              .advertisedMechanisms(mechanisms)
              .username("*")
              .password(password.toCharArray())
              .build();
      scram = client;
      byte[] first = client.clientFirstMessage().toString().getBytes(StandardCharsets.UTF_8);
      ByteBuf out = ctx.alloc().ioBuffer(64 + first.length);
      int at = PgWire.begin(out, 'p');
      PgWire.cString(out, client.getScramMechanism().getName());
      out.writeInt(first.length).writeBytes(first);
      PgWire.end(out, at);
      ctx.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    } catch (IllegalArgumentException e) {
      throw new SQLException("SCRAM: " + e.getMessage(), CANNOT_CONNECT, e);
    }
  }

  private void scramFinal(ChannelHandlerContext ctx, ByteBuf in) throws SQLException {
    ScramClient client = scramStarted();
    try {
      client.serverFirstMessage(in.toString(StandardCharsets.UTF_8));
    } catch (com.ongres.scram.common.exception.ScramException e) {
      throw new SQLException("SCRAM: " + e.getMessage(), CANNOT_CONNECT, e);
    }
    password(ctx, client.clientFinalMessage().toString().getBytes(StandardCharsets.UTF_8), false);
  }

  private void scramVerify(ByteBuf in) throws SQLException {
    try {
      scramStarted().serverFinalMessage(in.toString(StandardCharsets.UTF_8));
    } catch (com.ongres.scram.common.exception.ScramException e) {
      throw new SQLException(
          "SCRAM: the server's signature is wrong: " + e.getMessage(), CANNOT_CONNECT, e);
    }
  }

  private ScramClient scramStarted() throws SQLException {
    ScramClient client = scram;
    if (client == null) {
      throw new SQLException("SCRAM: the server skipped its first message", CANNOT_CONNECT);
    }
    return client;
  }

  private static void password(ChannelHandlerContext ctx, byte[] bytes, boolean terminated) {
    ByteBuf out = ctx.alloc().ioBuffer(8 + bytes.length);
    int at = PgWire.begin(out, 'p');
    out.writeBytes(bytes);
    if (terminated) {
      out.writeByte(0);
    }
    PgWire.end(out, at);
    ctx.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
  }

  private static String md5Hex(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has MD5", e);
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] both = new byte[a.length + b.length];
    System.arraycopy(a, 0, both, 0, a.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    fail(new SQLException("the server closed the connection while it opened", CANNOT_CONNECT));
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
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
