package io.txbench.mysql.async;

import io.netty.buffer.ByteBuf;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Values as the binary protocol carries them: a statement's parameters, each with the type its Java
 * value has (a long as a BIGINT, text as a VARCHAR...), and a row's columns, read as the iteration
 * reads them: as numbers (a NULL, or text that is none, as 0, as JDBC reads them), or as text.
 */
final class MySqlValues {
  static final int TINY = 0x01;
  static final int SHORT = 0x02;
  static final int LONG = 0x03;
  static final int FLOAT = 0x04;
  static final int DOUBLE = 0x05;
  static final int LONGLONG = 0x08;
  static final int INT24 = 0x09;
  static final int DATE = 0x0A;
  static final int TIME = 0x0B;
  static final int DATETIME = 0x0C;
  static final int YEAR = 0x0D;
  static final int TIMESTAMP = 0x07;
  static final int NEWDECIMAL = 0xF6;
  static final int BLOB = 0xFC;
  static final int VAR_STRING = 0xFD;

  /** A column type's flag, in {@link MySqlColumns}, that its integers are unsigned. */
  static final int UNSIGNED = 0x100;

  private MySqlValues() {}

  /** The type a parameter is sent as, by its Java value. */
  static int type(Object value) {
    if (value instanceof Long) {
      return LONGLONG;
    } else if (value instanceof Integer) {
      return LONG;
    } else if (value instanceof Short) {
      return SHORT;
    } else if (value instanceof Byte || value instanceof Boolean) {
      return TINY;
    } else if (value instanceof Double) {
      return DOUBLE;
    } else if (value instanceof Float) {
      return FLOAT;
    } else if (value instanceof byte[]) {
      return BLOB;
    } else if (value instanceof BigDecimal) {
      return NEWDECIMAL;
    }
    return VAR_STRING; // text, and anything else as its text, as the server reads it
  }

  /** Writes {@code value} in the binary protocol's form of {@link #type}. */
  static void write(ByteBuf out, Object value) {
    if (value instanceof Long n) {
      out.writeLongLE(n);
    } else if (value instanceof Integer n) {
      out.writeIntLE(n);
    } else if (value instanceof Short n) {
      out.writeShortLE(n);
    } else if (value instanceof Byte n) {
      out.writeByte(n);
    } else if (value instanceof Boolean b) {
      out.writeByte(b ? 1 : 0);
    } else if (value instanceof Double d) {
      out.writeLongLE(Double.doubleToRawLongBits(d));
    } else if (value instanceof Float f) {
      out.writeIntLE(Float.floatToRawIntBits(f));
    } else if (value instanceof byte[] bytes) {
      MySqlPackets.writeLenenc(out, bytes.length);
      out.writeBytes(bytes);
    } else if (value instanceof BigDecimal d) {
      MySqlPackets.writeLenencString(out, d.toPlainString());
    } else if (value instanceof CharSequence text) {
      MySqlPackets.writeLenencString(out, text);
    } else {
      MySqlPackets.writeLenencString(out, value.toString());
    }
  }

  /** Skips a binary row's value of column type {@code type}. */
  static void skip(ByteBuf in, int type) {
    int size = fixedSize(type);
    if (size > 0) {
      in.skipBytes(size);
    } else if (size == 0) {
      in.skipBytes(in.readUnsignedByte()); // a date or time: its length, then so many bytes
    } else {
      MySqlPackets.skipLenencString(in);
    }
  }

  /** The bytes of a value of {@code type}: 0 for a date or time's, -1 for a length-encoded one. */
  private static int fixedSize(int type) {
    return switch (type & 0xFF) {
      case TINY -> 1;
      case SHORT, YEAR -> 2;
      case LONG, INT24, FLOAT -> 4;
      case LONGLONG, DOUBLE -> 8;
      case DATE, TIME, DATETIME, TIMESTAMP -> 0;
      default -> -1;
    };
  }

  /** A binary row's value of {@code type} as a number: a fraction cut, text parsed, else 0. */
  static long number(ByteBuf in, int type) {
    boolean unsigned = (type & UNSIGNED) != 0;
    return switch (type & 0xFF) {
      case TINY -> unsigned ? in.readUnsignedByte() : in.readByte();
      case SHORT, YEAR -> unsigned ? in.readUnsignedShortLE() : in.readShortLE();
      case LONG, INT24 -> unsigned ? in.readUnsignedIntLE() : in.readIntLE();
      case LONGLONG -> in.readLongLE();
      case FLOAT -> (long) Float.intBitsToFloat(in.readIntLE());
      case DOUBLE -> (long) Double.longBitsToDouble(in.readLongLE());
      case DATE, TIME, DATETIME, TIMESTAMP -> {
        in.skipBytes(in.readUnsignedByte());
        yield 0;
      }
      default -> parse(in, (int) MySqlPackets.lenenc(in));
    };
  }

  /**
   * The text of {@code length} bytes as a number, read in place: an integer, else a decimal cut to
   * its integer part, else 0 (a NULL, as -1 bytes, too).
   */
  static long parse(ByteBuf in, int length) {
    if (length <= 0) {
      return 0;
    }
    int start = in.readerIndex();
    in.skipBytes(length);
    long value = 0;
    int i = start;
    boolean negative = in.getByte(i) == '-';
    if (negative || in.getByte(i) == '+') {
      i++;
    }
    int digits = 0;
    for (; i < start + length; i++, digits++) {
      byte b = in.getByte(i);
      if (b < '0' || b > '9' || digits >= 18) {
        return parsed(in.toString(start, length, StandardCharsets.US_ASCII));
      }
      value = value * 10 + (b - '0');
    }
    return digits == 0 ? 0 : negative ? -value : value;
  }

  private static long parsed(String text) {
    try {
      return new BigDecimal(text.strip()).longValue();
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** A binary row's value of {@code type} as its text, as JDBC's getString gives it. */
  static String text(ByteBuf in, int type) {
    boolean unsigned = (type & UNSIGNED) != 0;
    return switch (type & 0xFF) {
      case TINY, SHORT, YEAR, LONG, INT24 -> Long.toString(number(in, type));
      case LONGLONG ->
          unsigned ? Long.toUnsignedString(in.readLongLE()) : Long.toString(in.readLongLE());
      case FLOAT -> Float.toString(Float.intBitsToFloat(in.readIntLE()));
      case DOUBLE -> Double.toString(Double.longBitsToDouble(in.readLongLE()));
      case DATE, DATETIME, TIMESTAMP -> MySqlTemporal.dateTime(in, (type & 0xFF) == DATE);
      case TIME -> MySqlTemporal.time(in);
      default -> MySqlPackets.lenencString(in);
    };
  }

  /** A text row's value: null for NULL. */
  static @Nullable String text(ByteBuf in) {
    long length = MySqlPackets.lenenc(in);
    return length < 0 ? null : in.readCharSequence((int) length, StandardCharsets.UTF_8).toString();
  }
}
