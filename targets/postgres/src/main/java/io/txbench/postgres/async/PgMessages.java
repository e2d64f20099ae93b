package io.txbench.postgres.async;

import io.netty.buffer.ByteBuf;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.HexFormat;
import org.jspecify.annotations.Nullable;

/**
 * PostgreSQL's protocol messages as bytes: a frame is a type byte, then a length that counts itself
 * and the rest; strings end with a zero byte; a value goes as its text, and an error is a list of
 * typed fields. What {@link PgWire} and {@link PgStartup} write and read.
 */
final class PgMessages {
  private PgMessages() {}

  /** A value as the server reads its text: a double as pgbench prints one, bytes in hex. */
  static String text(Object value) {
    if (value instanceof Double d) {
      return d.isNaN() || d.isInfinite()
          ? d.toString()
          : BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }
    if (value instanceof byte[] bytes) {
      return "\\x" + HexFormat.of().formatHex(bytes);
    }
    return value.toString();
  }

  /** A column's text as a number: a NULL or a text that is none reads as 0, as JDBC reads it. */
  static long number(@Nullable String value) {
    if (value == null) {
      return 0;
    }
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      try {
        return (long) Double.parseDouble(value);
      } catch (NumberFormatException notANumber) {
        return 0;
      }
    }
  }

  /**
   * The rows the command tag {@code in} holds counts ({@code UPDATE 3}, {@code INSERT 0 1}); -1 for
   * none. Read in place, past its end: every statement's answer ends with one, and a String for
   * each was a tenth of what the event loops allocated.
   */
  static long tagged(ByteBuf in) {
    int start = in.readerIndex();
    int end = start + in.bytesBefore((byte) 0);
    in.readerIndex(end + 1);
    int digits = end;
    while (digits > start && Character.isDigit(in.getByte(digits - 1))) {
      digits--;
    }
    if (digits == end || digits == start || in.getByte(digits - 1) != ' ') {
      return -1;
    }
    long rows = 0;
    for (int i = digits; i < end; i++) {
      rows = rows * 10 + (in.getByte(i) - '0');
    }
    return rows;
  }

  /** An ErrorResponse as the exception PgJDBC would throw: its message and its SQLSTATE. */
  static SQLException error(ByteBuf in) {
    String state = null;
    String message = "";
    String detail = null;
    for (byte field = in.readByte(); field != 0; field = in.readByte()) {
      String value = cString(in);
      switch (field) {
        case 'C' -> state = value;
        case 'M' -> message = value;
        case 'D' -> detail = value;
        default -> {
          // severity, hint, position, where, the server's file and line
        }
      }
    }
    return new SQLException(detail == null ? message : message + "\n  Detail: " + detail, state);
  }

  // The frames of the protocol: a type byte, then a length that counts itself and the rest.

  static int begin(ByteBuf out, char type) {
    out.writeByte(type);
    int at = out.writerIndex();
    out.writeInt(0);
    return at;
  }

  static void end(ByteBuf out, int at) {
    out.setInt(at, out.writerIndex() - at);
  }

  static void sync(ByteBuf out) {
    end(out, begin(out, 'S'));
  }

  static void cString(ByteBuf out, String text) {
    out.writeCharSequence(text, StandardCharsets.UTF_8);
    out.writeByte(0);
  }

  static String cString(ByteBuf in) {
    int end = in.bytesBefore((byte) 0);
    String text = in.readCharSequence(end, StandardCharsets.UTF_8).toString();
    in.skipBytes(1);
    return text;
  }
}
