package io.txbench.mysql.async;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.txbench.jdbc.client.SqlAnswer;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * An answer read from the packets a server sends: result sets ended by an EOF packet (an old
 * server's, or one that does not deprecate it) and by an OK, in text and binary rows, an OK's rows
 * changed and generated id, an error after rows, results after the first, a prepared statement's.
 */
class MySqlReplyTest {
  private final MySqlColumns columns = new MySqlColumns();
  private @Nullable SqlAnswer answer;
  private @Nullable SQLException failure;

  private MySqlReply reply(boolean deprecateEof, boolean binary, int numbers, boolean byName) {
    return MySqlReply.rows(
        deprecateEof,
        binary,
        numbers,
        byName,
        false,
        (a, f) -> {
          answer = a;
          failure = f;
        });
  }

  /** Feeds {@code packets} to {@code reply}: whole after the last, not before. */
  private void feed(MySqlReply reply, List<ByteBuf> packets) {
    for (int i = 0; i < packets.size(); i++) {
      ByteBuf in = packets.get(i);
      boolean whole = reply.read(in, in.writerIndex(), columns);
      assertEquals(i == packets.size() - 1, whole, "whole after packet " + i);
    }
    reply.deliver();
  }

  private static ByteBuf packet(Consumer<ByteBuf> writer) {
    ByteBuf out = Unpooled.buffer();
    writer.accept(out);
    return out;
  }

  private static ByteBuf column(String name, int type, int flags) {
    return packet(
        out -> {
          for (String part : new String[] {"def", "db", "t", "t", name, name}) {
            MySqlPackets.writeLenencString(out, part);
          }
          out.writeByte(0x0C).writeShortLE(45).writeIntLE(20);
          out.writeByte(type).writeShortLE(flags).writeByte(0).writeShortLE(0);
        });
  }

  private static ByteBuf eof(int status) {
    return packet(out -> out.writeByte(0xFE).writeShortLE(0).writeShortLE(status));
  }

  private static ByteBuf okEnd(int status) {
    return packet(out -> out.writeByte(0xFE).writeByte(0).writeByte(0).writeShortLE(status));
  }

  private static ByteBuf textRow(@Nullable String... values) {
    return packet(
        out -> {
          for (String value : values) {
            if (value == null) {
              out.writeByte(MySqlPackets.NULL);
            } else {
              MySqlPackets.writeLenencString(out, value);
            }
          }
        });
  }

  @Test
  void aTextResultEndedByEofPacketsCountsItsRowsAndReadsTheFirst() {
    List<ByteBuf> packets = new ArrayList<>();
    packets.add(packet(out -> out.writeByte(3)));
    packets.add(column("a", MySqlValues.LONGLONG, 0));
    packets.add(column("b", MySqlValues.VAR_STRING, 0));
    packets.add(column("c", MySqlValues.LONG, 0));
    packets.add(eof(0));
    packets.add(textRow("17", null, "-4"));
    packets.add(textRow("18", "x", "5"));
    packets.add(textRow("19", "y", "6"));
    packets.add(eof(0));
    feed(reply(false, false, 3, true), packets);
    assertNull(failure);
    assertNotNull(answer);
    assertEquals(3, answer.rows());
    assertEquals(List.of(17L, 0L, -4L), answer.numbers());
    assertEquals(Map.of("a", "17", "b", "", "c", "-4"), answer.row());
  }

  @Test
  void aBinaryResultEndedByAnOkReadsEachTypeAndNulls() {
    List<ByteBuf> packets = new ArrayList<>();
    packets.add(packet(out -> out.writeByte(4)));
    packets.add(column("big", MySqlValues.LONGLONG, 0));
    packets.add(column("none", MySqlValues.LONG, 0));
    packets.add(column("dec", MySqlValues.NEWDECIMAL, 0));
    packets.add(column("small", MySqlValues.TINY, 0x20)); // unsigned
    packets.add(
        packet(
            out -> {
              out.writeByte(0);
              out.writeByte(1 << 3); // the null bitmap, offset 2: the second column
              out.writeLongLE(1L << 40);
              MySqlPackets.writeLenencString(out, "12.75");
              out.writeByte(200);
            }));
    packets.add(okEnd(0));
    feed(reply(true, true, 4, true), packets);
    assertNull(failure);
    assertNotNull(answer);
    assertEquals(1, answer.rows());
    assertEquals(List.of(1L << 40, 0L, 12L, 200L), answer.numbers());
    assertEquals(
        Map.of("big", String.valueOf(1L << 40), "none", "", "dec", "12.75", "small", "200"),
        answer.row());
  }

  @Test
  void aWriteGivesTheRowsItChangedAndAnInsertItsGeneratedId() {
    ByteBuf ok = packet(out -> out.writeByte(0).writeByte(3).writeByte(99).writeShortLE(2));
    feed(reply(true, true, 0, false), List.of(ok));
    assertNotNull(answer);
    assertEquals(3, answer.rows());
    assertEquals(List.of(), answer.numbers());
    ok.readerIndex(0);
    MySqlReply insert = MySqlReply.rows(true, true, 1, false, true, (a, f) -> answer = a);
    feed(insert, List.of(ok));
    assertEquals(List.of(99L), answer.numbers());
  }

  @Test
  void anErrorAfterRowsFailsTheAnswerWithIt() {
    List<ByteBuf> packets = new ArrayList<>();
    packets.add(packet(out -> out.writeByte(1)));
    packets.add(column("a", MySqlValues.LONGLONG, 0));
    packets.add(textRow("1"));
    packets.add(
        packet(
            out -> {
              out.writeByte(0xFF).writeShortLE(1317);
              out.writeCharSequence("#70100Query execution was interrupted", UTF8);
            }));
    feed(reply(true, false, 1, false), packets);
    assertNull(answer);
    assertNotNull(failure);
    assertEquals(1317, failure.getErrorCode());
  }

  @Test
  void resultsAfterTheFirstAreReadPast() {
    List<ByteBuf> packets = new ArrayList<>();
    packets.add(packet(out -> out.writeByte(1)));
    packets.add(column("a", MySqlValues.LONGLONG, 0));
    packets.add(eof(0));
    packets.add(textRow("7"));
    packets.add(eof(MySqlPackets.MORE_RESULTS));
    packets.add(packet(out -> out.writeByte(1)));
    packets.add(column("b", MySqlValues.LONGLONG, 0));
    packets.add(eof(0));
    packets.add(textRow("8"));
    packets.add(textRow("9"));
    packets.add(eof(MySqlPackets.MORE_RESULTS));
    packets.add(packet(out -> out.writeByte(0).writeByte(0).writeByte(0).writeShortLE(0)));
    feed(reply(false, false, 1, false), packets);
    assertNotNull(answer);
    assertEquals(1, answer.rows());
    assertEquals(List.of(7L), answer.numbers());
  }

  @Test
  void aPreparedStatementGivesItsIdAndParametersAndItsDefinitionsAreReadPast() {
    for (boolean deprecateEof : new boolean[] {true, false}) {
      int[] prepared = new int[2];
      MySqlReply reply =
          MySqlReply.prepare(
              deprecateEof,
              (id, parameters) -> {
                prepared[0] = id;
                prepared[1] = parameters;
              },
              (a, f) -> answer = a);
      List<ByteBuf> packets = new ArrayList<>();
      packets.add(
          packet(
              out -> out.writeByte(0).writeIntLE(42).writeShortLE(1).writeShortLE(2).writeZero(3)));
      packets.add(column("?", MySqlValues.VAR_STRING, 0));
      packets.add(column("?", MySqlValues.VAR_STRING, 0));
      if (!deprecateEof) {
        packets.add(eof(0));
      }
      packets.add(column("a", MySqlValues.LONGLONG, 0));
      if (!deprecateEof) {
        packets.add(eof(0));
      }
      feed(reply, packets);
      assertEquals(42, prepared[0]);
      assertEquals(2, prepared[1]);
    }
  }

  @Test
  void aRowWhoseFirstValueIsTextIsNoEndOfRows() {
    MySqlReply reply = reply(true, false, 1, false);
    ByteBuf count = packet(out -> out.writeByte(1));
    assertFalse(reply.read(count, count.writerIndex(), columns));
    ByteBuf def = column("a", MySqlValues.VAR_STRING, 0);
    assertFalse(reply.read(def, def.writerIndex(), columns));
    ByteBuf empty = textRow("");
    assertFalse(reply.read(empty, empty.writerIndex(), columns));
    ByteBuf end = okEnd(0);
    assertTrue(reply.read(end, end.writerIndex(), columns));
  }

  private static final java.nio.charset.Charset UTF8 = java.nio.charset.StandardCharsets.UTF_8;
}
