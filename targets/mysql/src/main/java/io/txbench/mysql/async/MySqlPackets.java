package io.txbench.mysql.async;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;

/**
 * MySQL's protocol packets as bytes: a packet is a 3-byte little-endian length of its payload and a
 * sequence number, then the payload; integers are little-endian, and a length-encoded integer takes
 * one byte below 251, else a prefix (0xFC, 0xFD, 0xFE) and 2, 3 or 8 bytes. What {@link MySqlWire}
 * and {@link MySqlHandshake} write and read.
 */
final class MySqlPackets {
  /** The largest payload of one packet: a longer one goes on in the packets after it. */
  static final int MAX_PAYLOAD = 0xFF_FFFF;

  /** The first byte of an OK packet, and of a prepared statement's. */
  static final int OK = 0x00;

  /** The first byte of an ERR packet. */
  static final int ERR = 0xFF;

  /** The first byte of an EOF packet, of an OK that ends rows, and of an auth switch request. */
  static final int EOF = 0xFE;

  /** A length-encoded integer's byte that says NULL (in a text row). */
  static final int NULL = 0xFB;

  /** The status flag of an answer that more results follow (a procedure's). */
  static final int MORE_RESULTS = 0x0008;

  /** Connector/J's state for a connection lost, which the classification reads as one. */
  static final String CONNECTION_LOST = "08S01";

  /** MariaDB's error of a connection another session killed (its state is 70100). */
  private static final int CONNECTION_KILLED = 1927;

  private MySqlPackets() {}

  /** Starts a packet of sequence number {@code sequence}; {@link #end} writes its length. */
  static int begin(ByteBuf out, int sequence) {
    int at = out.writerIndex();
    out.writeMediumLE(0);
    out.writeByte(sequence);
    return at;
  }

  /**
   * Ends the packet {@link #begin} started at {@code at}.
   *
   * @throws IllegalArgumentException for a payload of 16 MiB or more, which this client does not
   *     cut into packets
   */
  static void end(ByteBuf out, int at) {
    int length = out.writerIndex() - at - 4;
    if (length >= MAX_PAYLOAD) {
      throw new IllegalArgumentException(
          "a request of " + length + " bytes: the event-loop client sends less than 16 MiB");
    }
    out.setMediumLE(at, length);
  }

  /** A length-encoded integer; -1 for the NULL of a text row. */
  static long lenenc(ByteBuf in) {
    int first = in.readUnsignedByte();
    return switch (first) {
      case NULL -> -1;
      case 0xFC -> in.readUnsignedShortLE();
      case 0xFD -> in.readUnsignedMediumLE();
      case 0xFE -> in.readLongLE();
      default -> first;
    };
  }

  static void writeLenenc(ByteBuf out, long value) {
    if (value < 251) {
      out.writeByte((int) value);
    } else if (value < 0x1_0000) {
      out.writeByte(0xFC).writeShortLE((int) value);
    } else if (value < 0x100_0000) {
      out.writeByte(0xFD).writeMediumLE((int) value);
    } else {
      out.writeByte(0xFE).writeLongLE(value);
    }
  }

  /** Skips a length-encoded string. */
  static void skipLenencString(ByteBuf in) {
    long length = lenenc(in);
    if (length > 0) {
      in.skipBytes((int) length);
    }
  }

  /** A length-encoded string, as UTF-8; null for the NULL of a text row. */
  static String lenencString(ByteBuf in) {
    long length = lenenc(in);
    return length < 0 ? "" : in.readCharSequence((int) length, StandardCharsets.UTF_8).toString();
  }

  /** Writes {@code text} as a length-encoded string of its UTF-8 bytes. */
  static void writeLenencString(ByteBuf out, CharSequence text) {
    writeLenenc(out, ByteBufUtil.utf8Bytes(text));
    out.writeCharSequence(text, StandardCharsets.UTF_8);
  }

  static void cString(ByteBuf out, String text) {
    out.writeCharSequence(text, StandardCharsets.UTF_8);
    out.writeByte(0);
  }

  /** A string that ends with a zero byte, or with the packet ({@code end}) if none. */
  static String cString(ByteBuf in, int end) {
    int zero = in.indexOf(in.readerIndex(), end, (byte) 0);
    int stop = zero < 0 ? end : zero;
    String text = in.readCharSequence(stop - in.readerIndex(), StandardCharsets.UTF_8).toString();
    if (zero >= 0) {
      in.skipBytes(1);
    }
    return text;
  }

  /**
   * An ERR packet (its 0xFF first byte not yet read) as the exception the JDBC drivers throw: the
   * server's message, SQLSTATE and error number. A connection the server killed counts as lost.
   */
  static SQLException error(ByteBuf in, int end) {
    in.skipBytes(1);
    int code = in.readUnsignedShortLE();
    String state = "HY000";
    if (in.readerIndex() < end && in.getByte(in.readerIndex()) == '#') {
      in.skipBytes(1);
      state = in.readCharSequence(5, StandardCharsets.US_ASCII).toString();
    }
    String message = in.readCharSequence(end - in.readerIndex(), StandardCharsets.UTF_8).toString();
    if (code == CONNECTION_KILLED) {
      state = CONNECTION_LOST;
    }
    return new SQLException(message, state, code);
  }
}
