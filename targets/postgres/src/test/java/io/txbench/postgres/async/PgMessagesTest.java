package io.txbench.postgres.async;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** How the event-loop client's protocol code writes a parameter and reads an answer's text. */
class PgMessagesTest {
  @Test
  void aParameterIsSentAsTheTextTheServerReadsAsItsType() {
    assertEquals("42", PgMessages.text(42L));
    assertEquals(
        "3", PgMessages.text(3.0), "a whole double as pgbench prints it, so an integer reads it");
    assertEquals("0.25", PgMessages.text(0.25));
    assertEquals("-1500", PgMessages.text(-1.5e3));
    assertEquals("NaN", PgMessages.text(Double.NaN));
    assertEquals("-Infinity", PgMessages.text(Double.NEGATIVE_INFINITY));
    assertEquals("true", PgMessages.text(true));
    assertEquals("\\x00ff10", PgMessages.text(new byte[] {0, (byte) 0xff, 0x10}));
  }

  @Test
  void theRowsAnAnswerCountsComeFromItsCommandTag() {
    assertEquals(3, tagged("UPDATE 3"));
    assertEquals(1, tagged("INSERT 0 1"));
    assertEquals(2, tagged("SELECT 2"));
    assertEquals(-1, tagged("BEGIN"));
    assertEquals(-1, tagged("CREATE TABLE"));
    assertEquals(-1, tagged("42"), "no command");
    assertEquals(1_000_000_000_000L, tagged("DELETE 1000000000000"));
  }

  /** The rows {@code tag} counts, read as it comes, followed by the next message's bytes. */
  private static long tagged(String tag) {
    ByteBuf in = Unpooled.copiedBuffer(tag + "\0Z", StandardCharsets.US_ASCII);
    long rows = PgMessages.tagged(in);
    assertEquals('Z', in.readByte(), "read up to its end, the NUL too");
    return rows;
  }

  @Test
  void aColumnReadsAsANumberAsJdbcReadsIt() {
    assertEquals(7, PgMessages.number("7"));
    assertEquals(-12, PgMessages.number("-12.9"));
    assertEquals(0, PgMessages.number(null));
    assertEquals(0, PgMessages.number("t"));
  }
}
