package io.txbench.mysql.async;

import io.netty.buffer.ByteBuf;

/**
 * The binary protocol's dates and times as the text the server prints for them: a length byte, then
 * as many of year, month, day, hour, minute, second and microseconds as are not zero.
 */
final class MySqlTemporal {
  private MySqlTemporal() {}

  /** A DATE ({@code dateOnly}), DATETIME or TIMESTAMP: {@code 2024-05-01 12:00:00.5}. */
  static String dateTime(ByteBuf in, boolean dateOnly) {
    int length = in.readUnsignedByte();
    int year = length >= 4 ? in.readUnsignedShortLE() : 0;
    int month = length >= 4 ? in.readUnsignedByte() : 0;
    int day = length >= 4 ? in.readUnsignedByte() : 0;
    int hour = length >= 7 ? in.readUnsignedByte() : 0;
    int minute = length >= 7 ? in.readUnsignedByte() : 0;
    int second = length >= 7 ? in.readUnsignedByte() : 0;
    long micros = length >= 11 ? in.readUnsignedIntLE() : 0;
    String date = String.format("%04d-%02d-%02d", year, month, day);
    return dateOnly ? date : date + " " + clock(hour, minute, second, micros);
  }

  /** A TIME, which may be negative and longer than a day: {@code -26:00:00}. */
  static String time(ByteBuf in) {
    int length = in.readUnsignedByte();
    boolean negative = length >= 8 && in.readByte() != 0;
    long days = length >= 8 ? in.readUnsignedIntLE() : 0;
    int hour = length >= 8 ? in.readUnsignedByte() : 0;
    int minute = length >= 8 ? in.readUnsignedByte() : 0;
    int second = length >= 8 ? in.readUnsignedByte() : 0;
    long micros = length >= 12 ? in.readUnsignedIntLE() : 0;
    return (negative ? "-" : "") + clock(days * 24 + hour, minute, second, micros);
  }

  private static String clock(long hour, int minute, int second, long micros) {
    String clock = String.format("%02d:%02d:%02d", hour, minute, second);
    if (micros == 0) {
      return clock;
    }
    String fraction = String.format("%06d", micros).replaceFirst("0+$", "");
    return clock + "." + fraction;
  }
}
