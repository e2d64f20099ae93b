package io.txbench.mysql.async;

import io.netty.buffer.ByteBuf;

/**
 * The columns of the result set being read, as much of them as its first row's decoding needs: each
 * one's type (with {@link MySqlValues#UNSIGNED}), and its name when the step reads the row by name.
 * Kept by the connection from one result set to the next, so that most cost no object.
 */
final class MySqlColumns {
  private static final int UNSIGNED_FLAG = 0x20;

  private int[] types = new int[8];
  private String[] names = new String[8];
  private int count;

  /** A new result set of {@code count} columns. */
  void reset(int count) {
    this.count = count;
    if (types.length < count) {
      types = new int[count];
      names = new String[count];
    }
  }

  int count() {
    return count;
  }

  int type(int column) {
    return types[column];
  }

  String name(int column) {
    return names[column];
  }

  /**
   * Reads the definition of column {@code column} (protocol 4.1), and its name if {@code named}.
   */
  void read(ByteBuf in, int column, boolean named) {
    for (int i = 0; i < 4; i++) {
      MySqlPackets.skipLenencString(in); // catalog, schema, table, the table's own name
    }
    if (named) {
      names[column] = MySqlPackets.lenencString(in);
    } else {
      MySqlPackets.skipLenencString(in);
    }
    MySqlPackets.skipLenencString(in); // the column's own name
    MySqlPackets.lenenc(in); // the length of the fields below
    in.skipBytes(6); // character set, column length
    int type = in.readUnsignedByte();
    int flags = in.readUnsignedShortLE();
    types[column] = type | ((flags & UNSIGNED_FLAG) != 0 ? MySqlValues.UNSIGNED : 0);
  }
}
