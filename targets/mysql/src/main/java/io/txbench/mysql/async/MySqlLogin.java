package io.txbench.mysql.async;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.sql.SQLException;

/**
 * The event-loop client's side of the connection phase: the server's greeting read, the
 * capabilities both sides have, the SSL request and the handshake response written, and the
 * authentication plugins' exchanges ({@link MySqlAuth}): mysql_native_password,
 * caching_sha2_password (its fast path, and its full authentication over TLS or with the server's
 * RSA key), MariaDB's client_ed25519, the clear password over TLS, and an auth switch to any of
 * them. The password is read from its {@link io.txbench.core.spi.values.Secret} only to be sent.
 */
final class MySqlLogin {
  private static final String CANNOT_CONNECT = "08001";

  // The capability flags of the protocol (the client's and the server's).
  private static final int LONG_PASSWORD = 1;
  private static final int FOUND_ROWS = 1 << 1;
  private static final int LONG_FLAG = 1 << 2;
  private static final int CONNECT_WITH_DB = 1 << 3;
  private static final int PROTOCOL_41 = 1 << 9;
  private static final int SSL = 1 << 11;
  private static final int TRANSACTIONS = 1 << 13;
  private static final int SECURE_CONNECTION = 1 << 15;
  private static final int MULTI_RESULTS = 1 << 17;
  private static final int PS_MULTI_RESULTS = 1 << 18;
  private static final int PLUGIN_AUTH = 1 << 19;
  private static final int PLUGIN_AUTH_LENENC_DATA = 1 << 21;
  private static final int DEPRECATE_EOF = 1 << 24;

  /**
   * What this client asks for. FOUND_ROWS: an UPDATE counts the rows it matched, as both JDBC
   * drivers count them by default (useAffectedRows=false), not those it changed.
   */
  private static final int WANTED =
      LONG_PASSWORD
          | FOUND_ROWS
          | LONG_FLAG
          | PROTOCOL_41
          | TRANSACTIONS
          | SECURE_CONNECTION
          | MULTI_RESULTS
          | PS_MULTI_RESULTS
          | PLUGIN_AUTH
          | PLUGIN_AUTH_LENENC_DATA
          | DEPRECATE_EOF;

  private static final int MAX_PACKET = 1 << 24;
  private static final int UTF8MB4_GENERAL_CI = 45;
  private static final int UTF8MB4_0900_AI_CI = 255;

  private final MySqlEndpoint endpoint;
  private boolean greeted;
  private boolean mariaDb;
  private int capabilities;
  private int collation = UTF8MB4_GENERAL_CI;
  private byte[] nonce = new byte[20];
  private String plugin = MySqlAuth.NATIVE;
  private boolean tls;
  private boolean keyAsked;

  MySqlLogin(MySqlEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  boolean greeted() {
    return greeted;
  }

  /** Whether the server's version says MariaDB. */
  boolean mariaDb() {
    return mariaDb;
  }

  /** Whether result sets end with an OK packet, not an EOF one. */
  boolean deprecateEof() {
    return (capabilities & DEPRECATE_EOF) != 0;
  }

  /**
   * Reads the initial handshake (version 10): the server's version, capabilities, nonce and default
   * plugin. Whether the server offers TLS.
   */
  boolean greeting(ByteBuf in, int end) throws SQLException {
    greeted = true;
    int protocol = in.readUnsignedByte();
    if (protocol != 10) {
      throw new SQLException(
          "the server speaks protocol version " + protocol + ", not 10", CANNOT_CONNECT);
    }
    String version = MySqlPackets.cString(in, end);
    mariaDb = version.contains("MariaDB");
    in.skipBytes(4); // connection id
    in.readBytes(nonce, 0, 8);
    in.skipBytes(1);
    int server = in.readUnsignedShortLE();
    if (in.readerIndex() < end) {
      in.skipBytes(3); // character set, status
      server |= in.readUnsignedShortLE() << 16;
      int dataLength = in.readUnsignedByte();
      in.skipBytes(10); // reserved (MariaDB's capabilities of its own)
      if ((server & SECURE_CONNECTION) != 0) {
        int rest = Math.max(13, dataLength - 8);
        in.readBytes(nonce, 8, 12);
        in.skipBytes(rest - 12);
      }
      if ((server & PLUGIN_AUTH) != 0 && in.readerIndex() < end) {
        plugin = MySqlPackets.cString(in, end);
      }
    }
    if ((server & PROTOCOL_41) == 0 || (server & SECURE_CONNECTION) == 0) {
      throw new SQLException(
          "the server (" + version + ") is older than this client speaks to", CANNOT_CONNECT);
    }
    capabilities = server & WANTED;
    if (!endpoint.database().isEmpty()) {
      capabilities |= CONNECT_WITH_DB;
    }
    if (!mariaDb && !version.startsWith("5.")) {
      collation = UTF8MB4_0900_AI_CI; // MySQL 8's own default for utf8mb4, as Connector/J asks
    }
    return (server & SSL) != 0;
  }

  /** Writes the SSL request: the start of the handshake response, before TLS begins. */
  void requestTls(ChannelHandlerContext ctx) {
    tls = true;
    capabilities |= SSL;
    ByteBuf out = ctx.alloc().ioBuffer(40);
    int at = MySqlPackets.begin(out, 1);
    head(out);
    MySqlPackets.end(out, at);
    ctx.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
  }

  private void head(ByteBuf out) {
    out.writeIntLE(capabilities);
    out.writeIntLE(MAX_PACKET);
    out.writeByte(collation);
    out.writeZero(23);
  }

  /** Writes the handshake response: the user, the answer to the server's plugin, the database. */
  void respond(ChannelHandlerContext ctx, boolean overTls) throws SQLException {
    if (!MySqlAuth.NATIVE.equals(plugin) && !MySqlAuth.CACHING_SHA2.equals(plugin)) {
      plugin = MySqlAuth.NATIVE; // the server switches to the user's own plugin, if another
    }
    byte[] answer = scramble(plugin);
    ByteBuf out = ctx.alloc().ioBuffer(128);
    int at = MySqlPackets.begin(out, overTls ? 2 : 1);
    head(out);
    MySqlPackets.cString(out, endpoint.user());
    if ((capabilities & PLUGIN_AUTH_LENENC_DATA) != 0) {
      MySqlPackets.writeLenenc(out, answer.length);
    } else {
      out.writeByte(answer.length);
    }
    out.writeBytes(answer);
    if ((capabilities & CONNECT_WITH_DB) != 0) {
      MySqlPackets.cString(out, endpoint.database());
    }
    if ((capabilities & PLUGIN_AUTH) != 0) {
      MySqlPackets.cString(out, plugin);
    }
    MySqlPackets.end(out, at);
    ctx.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
  }

  private byte[] scramble(String name) throws SQLException {
    byte[] password = MySqlAuth.utf8(endpoint.password().reveal());
    return switch (name) {
      case MySqlAuth.NATIVE -> MySqlAuth.nativePassword(password, nonce);
      case MySqlAuth.CACHING_SHA2 -> MySqlAuth.cachingSha2(password, nonce);
      case MySqlAuth.ED25519 -> MariaDbEd25519.sign(password, nonce);
      case MySqlAuth.CLEAR -> {
        if (!tls) {
          throw new SQLException(
              "the server asks for the password in the clear, which this client sends over TLS"
                  + " only (sslMode=REQUIRED)",
              CANNOT_CONNECT);
        }
        yield MySqlAuth.clear(password);
      }
      default ->
          throw new SQLException(
              "the server asks for the authentication plugin "
                  + name
                  + ", which the event-loop client does not speak: give --mysql-client jdbc",
              CANNOT_CONNECT);
    };
  }

  /**
   * Answers the server's packet {@code in} of the authentication exchange, of sequence number
   * {@code sequence}: true once the server said OK.
   */
  boolean answer(ChannelHandlerContext ctx, ByteBuf in, int end, int sequence) throws SQLException {
    int header = in.readUnsignedByte();
    switch (header) {
      case MySqlPackets.OK -> {
        return true;
      }
      case MySqlPackets.EOF -> {
        // An auth switch request: another plugin, and a new nonce for it.
        plugin = MySqlPackets.cString(in, end);
        int length = end - in.readerIndex();
        if (length > 0 && in.getByte(end - 1) == 0) {
          length--; // the zero byte after mysql_native_password's 20
        }
        nonce = new byte[Math.max(20, length)];
        in.readBytes(nonce, 0, length);
        send(ctx, sequence + 1, scramble(plugin));
      }
      case 0x01 -> moreData(ctx, in, end, sequence);
      default ->
          throw new SQLException(
              "the server sent an unknown packet (" + header + ") while authenticating",
              CANNOT_CONNECT);
    }
    return false;
  }

  /** caching_sha2_password's next step: fast authentication done, or the full one asked for. */
  private void moreData(ChannelHandlerContext ctx, ByteBuf in, int end, int sequence)
      throws SQLException {
    if (!MySqlAuth.CACHING_SHA2.equals(plugin)) {
      throw new SQLException(
          "the server's plugin " + plugin + " sent data this client cannot read", CANNOT_CONNECT);
    }
    byte[] password = MySqlAuth.utf8(endpoint.password().reveal());
    if (keyAsked) {
      String pem =
          in.readCharSequence(end - in.readerIndex(), StandardCharsets.US_ASCII).toString();
      try {
        send(ctx, sequence + 1, MySqlAuth.rsaEncrypted(password, nonce, pem));
      } catch (GeneralSecurityException e) {
        throw new SQLException("caching_sha2_password: " + e.getMessage(), CANNOT_CONNECT, e);
      }
      return;
    }
    int step = in.readUnsignedByte();
    if (step == 3) {
      return; // the server knew the password: its OK follows
    }
    if (step != 4) {
      throw new SQLException("caching_sha2_password: an unknown step " + step, CANNOT_CONNECT);
    }
    if (tls) {
      send(ctx, sequence + 1, MySqlAuth.clear(password));
    } else {
      keyAsked = true; // as allowPublicKeyRetrieval=true, which txbench gives Connector/J
      send(ctx, sequence + 1, new byte[] {2});
    }
  }

  private static void send(ChannelHandlerContext ctx, int sequence, byte[] payload) {
    ByteBuf out = ctx.alloc().ioBuffer(4 + payload.length);
    int at = MySqlPackets.begin(out, sequence & 0xFF);
    out.writeBytes(payload);
    MySqlPackets.end(out, at);
    ctx.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
  }
}
