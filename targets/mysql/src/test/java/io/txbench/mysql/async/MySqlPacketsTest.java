package io.txbench.mysql.async;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The packets' framing, length-encoded integers and errors. */
class MySqlPacketsTest {
  @Test
  void lengthEncodedIntegersGoAndComeBackAtEachWidth() {
    long[] values = {0, 250, 251, 0xFFFF, 0x1_0000, 0xFF_FFFF, 0x100_0000, Long.MAX_VALUE};
    int[] widths = {1, 1, 3, 3, 4, 4, 9, 9};
    for (int i = 0; i < values.length; i++) {
      ByteBuf out = Unpooled.buffer();
      MySqlPackets.writeLenenc(out, values[i]);
      assertEquals(widths[i], out.readableBytes(), "width of " + values[i]);
      assertEquals(values[i], MySqlPackets.lenenc(out));
    }
  }

  @Test
  void aPacketCountsItsPayloadAndCarriesItsSequenceNumber() {
    ByteBuf out = Unpooled.buffer();
    int at = MySqlPackets.begin(out, 3);
    out.writeBytes(new byte[300]);
    MySqlPackets.end(out, at);
    assertEquals(300, out.getUnsignedMediumLE(0));
    assertEquals(3, out.getByte(3));
  }

  @Test
  void aRequestOf16MibOrMoreIsRefusedNotCut() {
    ByteBuf out = Unpooled.buffer();
    int at = MySqlPackets.begin(out, 0);
    out.writeZero(MySqlPackets.MAX_PAYLOAD);
    assertThrows(IllegalArgumentException.class, () -> MySqlPackets.end(out, at));
  }

  @Test
  void anErrorPacketGivesTheServersNumberStateAndMessage() {
    SQLException e = error(1213, "#40001", "Deadlock found when trying to get lock");
    assertEquals(1213, e.getErrorCode());
    assertEquals("40001", e.getSQLState());
    assertEquals("Deadlock found when trying to get lock", e.getMessage());
    // The greeting's error (too many connections) comes without a state.
    SQLException early = error(1040, "", "Too many connections");
    assertEquals("HY000", early.getSQLState());
    assertEquals(1040, early.getErrorCode());
  }

  @Test
  void aConnectionTheServerKilledIsOneLost() {
    SQLException e = error(1927, "#70100", "Connection was killed");
    assertEquals(MySqlPackets.CONNECTION_LOST, e.getSQLState());
    assertEquals(1927, e.getErrorCode());
  }

  private static SQLException error(int code, String state, String message) {
    ByteBuf in = Unpooled.buffer();
    in.writeByte(MySqlPackets.ERR).writeShortLE(code);
    in.writeCharSequence(state + message, StandardCharsets.UTF_8);
    return MySqlPackets.error(in, in.writerIndex());
  }
}
