package io.txbench.postgres.async;

import com.ongres.scram.client.ScramClient;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The event-loop client's side of the server's authentication: none, a clear-text password, MD5, or
 * SCRAM-SHA-256 through the SCRAM library PgJDBC uses (without channel binding, as libpq's
 * channel_binding=prefer may). The password is read from its {@link
 * io.txbench.core.spi.values.Secret} only to be sent.
 */
final class PgLogin {
  private static final String CANNOT_CONNECT = "08001";

  private final PgEndpoint endpoint;
  private @Nullable ScramClient scram;

  PgLogin(PgEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  /** Answers the server's authentication request {@code in} (a message of type R). */
  void answer(ChannelHandlerContext ctx, ByteBuf in) throws SQLException {
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
        String outer = md5Hex(inner.getBytes(StandardCharsets.US_ASCII), salt);
        password(ctx, ("md5" + outer).getBytes(StandardCharsets.US_ASCII), true);
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
    for (String m = PgMessages.cString(in); !m.isEmpty(); m = PgMessages.cString(in)) {
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
      int at = PgMessages.begin(out, 'p');
      PgMessages.cString(out, client.getScramMechanism().getName());
      out.writeInt(first.length).writeBytes(first);
      PgMessages.end(out, at);
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
    int at = PgMessages.begin(out, 'p');
    out.writeBytes(bytes);
    if (terminated) {
      out.writeByte(0);
    }
    PgMessages.end(out, at);
    ctx.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
  }

  /** The MD5 digest of {@code parts}, one after the other, in lower-case hex. */
  private static String md5Hex(byte[]... parts) {
    try {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      for (byte[] part : parts) {
        md5.update(part);
      }
      return HexFormat.of().formatHex(md5.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has MD5", e);
    }
  }
}
