package io.txbench.mysql.async;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.txbench.jdbc.async.Answered;
import io.txbench.jdbc.client.SqlAnswer;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A request sent and not yet answered, and its answer as its packets come: an OK (the rows changed,
 * the id generated), an ERR, a prepared statement's id, or a result set (its column count, their
 * definitions, an EOF unless the server deprecated it, the rows, and an EOF or OK at the end), of
 * which the first row alone is decoded, and only if the step reads it. Results after the first (a
 * procedure's) are read past.
 */
final class MySqlReply {
  /** What a prepared statement is on the server: its id, and how many parameters it takes. */
  @FunctionalInterface
  interface Prepared {
    void prepared(int id, int parameters);
  }

  private static final Long[] NO_NUMBERS = new Long[0];
  private static final int FIRST = 0;
  private static final int DEFINITIONS = 1;
  private static final int COLUMNS = 2;
  private static final int COLUMNS_EOF = 3;
  private static final int ROWS = 4;

  private final boolean deprecateEof;
  private final boolean binary;
  private final int numbers;
  private final boolean byName;
  private final boolean insertId;
  private final Answered then;
  private final @Nullable Prepared prepared;
  private int phase = FIRST;
  private boolean resultSet;
  private boolean past; // the first result is in: those after it are read past
  private long definitions;
  private int columnCount;
  private int columnsRead;
  private long fetched;
  private long changed;
  private Long[] first = NO_NUMBERS;
  private Map<String, String> row = Map.of();
  private @Nullable SQLException error;

  private MySqlReply(
      boolean deprecateEof,
      boolean binary,
      int numbers,
      boolean byName,
      boolean insertId,
      Answered then,
      @Nullable Prepared prepared) {
    this.deprecateEof = deprecateEof;
    this.binary = binary;
    this.numbers = numbers;
    this.byName = byName;
    this.insertId = insertId;
    this.then = then;
    this.prepared = prepared;
  }

  /** The answer to a statement: rows in the binary protocol if {@code binary}, else as text. */
  static MySqlReply rows(
      boolean deprecateEof,
      boolean binary,
      int numbers,
      boolean byName,
      boolean insertId,
      Answered then) {
    return new MySqlReply(deprecateEof, binary, numbers, byName, insertId, then, null);
  }

  /** The answer to COM_STMT_PREPARE, handed to {@code prepared}, then to {@code then}. */
  static MySqlReply prepare(boolean deprecateEof, Prepared prepared, Answered then) {
    return new MySqlReply(deprecateEof, false, 0, false, false, then, prepared);
  }

  /** Reads one packet of the answer; true once it is whole. */
  boolean read(ByteBuf in, int end, MySqlColumns columns) {
    int header = in.readableBytes() == 0 ? MySqlPackets.OK : in.getUnsignedByte(in.readerIndex());
    if (header == MySqlPackets.ERR && phase != DEFINITIONS && phase != COLUMNS) {
      SQLException e = MySqlPackets.error(in, end);
      if (error == null) {
        error = e;
      }
      return true;
    }
    switch (phase) {
      case FIRST -> {
        if (header == MySqlPackets.OK) {
          return prepared != null ? prepared(in) : ok(in);
        }
        if (header == MySqlPackets.NULL) {
          error =
              new SQLException(
                  "LOAD DATA LOCAL INFILE: the event-loop client sends no file",
                  MySqlPackets.CONNECTION_LOST);
          return true;
        }
        resultSet = true;
        columnCount = (int) MySqlPackets.lenenc(in);
        columnsRead = 0;
        if (!past && wants()) {
          columns.reset(columnCount);
        }
        phase = COLUMNS;
      }
      case DEFINITIONS -> {
        return --definitions == 0;
      }
      case COLUMNS -> {
        if (!past && wants()) {
          columns.read(in, columnsRead, byName);
        }
        if (++columnsRead == columnCount) {
          phase = deprecateEof ? ROWS : COLUMNS_EOF;
        }
      }
      case COLUMNS_EOF -> phase = ROWS;
      default -> {
        if (header == MySqlPackets.EOF && end - in.readerIndex() < MySqlPackets.MAX_PAYLOAD) {
          in.skipBytes(1);
          if (deprecateEof) {
            MySqlPackets.lenenc(in);
            MySqlPackets.lenenc(in);
          } else {
            in.skipBytes(2); // warnings
          }
          return ended(in.readUnsignedShortLE());
        }
        if (!past && fetched++ == 0 && wants()) {
          firstRow(in, columns);
        }
      }
    }
    return false;
  }

  private boolean wants() {
    return numbers > 0 || byName;
  }

  /** The end of one result: the answer is whole unless the status says more follow. */
  private boolean ended(int status) {
    if ((status & MySqlPackets.MORE_RESULTS) == 0) {
      return true;
    }
    past = true;
    phase = FIRST;
    return false;
  }

  private boolean ok(ByteBuf in) {
    in.skipBytes(1);
    long affected = MySqlPackets.lenenc(in);
    long id = MySqlPackets.lenenc(in);
    if (!past && !resultSet) {
      changed = affected;
      if (insertId && numbers > 0) {
        first = new Long[] {id};
      }
    }
    return ended(in.readableBytes() >= 2 ? in.readUnsignedShortLE() : 0);
  }

  private boolean prepared(ByteBuf in) {
    in.skipBytes(1);
    int id = in.readIntLE();
    int columns = in.readUnsignedShortLE();
    int parameters = in.readUnsignedShortLE();
    java.util.Objects.requireNonNull(prepared).prepared(id, parameters);
    definitions = (long) parameters + columns;
    if (!deprecateEof) {
      definitions += (parameters > 0 ? 1 : 0) + (columns > 0 ? 1 : 0);
    }
    phase = DEFINITIONS;
    return definitions == 0;
  }

  /** The first row's leading {@link #numbers} columns, and all by name if {@link #byName}. */
  private void firstRow(ByteBuf in, MySqlColumns columns) {
    int count = columns.count();
    int bitmap = 0;
    if (binary) {
      in.skipBytes(1);
      bitmap = in.readerIndex();
      in.skipBytes((count + 9) / 8);
    }
    Long[] numbered = new Long[Math.min(numbers, count)];
    Map<String, String> named = byName ? new HashMap<>() : Map.of();
    int last = byName ? count : numbered.length;
    for (int i = 0; i < last; i++) {
      int at = in.readerIndex();
      boolean isNull =
          binary
              ? (in.getByte(bitmap + (i + 2) / 8) & (1 << ((i + 2) % 8))) != 0
              : in.getUnsignedByte(at) == MySqlPackets.NULL;
      if (i < numbered.length) {
        numbered[i] =
            isNull
                ? 0L
                : binary
                    ? MySqlValues.number(in, columns.type(i))
                    : MySqlValues.parse(in, (int) MySqlPackets.lenenc(in));
      }
      if (byName) {
        in.readerIndex(at);
        String text =
            isNull ? null : binary ? MySqlValues.text(in, columns.type(i)) : MySqlValues.text(in);
        if (isNull && !binary) {
          in.skipBytes(1);
        }
        named.put(columns.name(i), text == null ? "" : text);
      } else if (isNull && !binary) {
        in.readerIndex(at + 1);
      }
    }
    first = numbered;
    row = named;
  }

  /** A failure before this request's own answer (its transaction's BEGIN), which it reports. */
  void failBefore(SQLException e) {
    if (error == null) {
      error = e;
    }
  }

  /** Whether the server's answer means the connection cannot go on. */
  boolean breaks() {
    return error != null && MySqlPackets.CONNECTION_LOST.equals(error.getSQLState());
  }

  /** Hands the whole answer on: the server's error if any, else what it answered. */
  void deliver() {
    SQLException e = error;
    if (e != null) {
      then.answered(null, e);
    } else {
      then.answered(new SqlAnswer(resultSet ? fetched : changed, List.of(first), row), null);
    }
  }

  /** Fails the request with the connection's loss, or the error the server sent before it. */
  void lost(SQLException e) {
    then.answered(null, error != null ? error : e);
  }

  /**
   * The payload of 16 MiB or more that begins at {@code in}'s reader index, joined from its packets
   * into one buffer, past which the reader index is moved; null while part has not come.
   */
  static @Nullable ByteBuf joined(ByteBuf in, ByteBufAllocator alloc) {
    int at = in.readerIndex();
    int total = 0;
    while (true) {
      if (in.writerIndex() - at < 4) {
        return null;
      }
      int length = in.getUnsignedMediumLE(at);
      if (in.writerIndex() < at + 4 + length) {
        return null;
      }
      total += length;
      at += 4 + length;
      if (length < MySqlPackets.MAX_PAYLOAD) {
        break;
      }
    }
    ByteBuf joined = alloc.heapBuffer(total);
    while (true) {
      int length = in.readUnsignedMediumLE();
      in.skipBytes(1);
      joined.writeBytes(in, length);
      if (length < MySqlPackets.MAX_PAYLOAD) {
        return joined;
      }
    }
  }
}
