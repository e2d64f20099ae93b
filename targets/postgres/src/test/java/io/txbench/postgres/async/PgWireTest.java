package io.txbench.postgres.async;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How the event-loop client's protocol code writes a parameter and reads an answer's text. */
class PgWireTest {
  @Test
  void aParameterIsSentAsTheTextTheServerReadsAsItsType() {
    assertEquals("42", PgWire.text(42L));
    assertEquals(
        "3", PgWire.text(3.0), "a whole double as pgbench prints it, so an integer reads it");
    assertEquals("0.25", PgWire.text(0.25));
    assertEquals("-1500", PgWire.text(-1.5e3));
    assertEquals("NaN", PgWire.text(Double.NaN));
    assertEquals("-Infinity", PgWire.text(Double.NEGATIVE_INFINITY));
    assertEquals("true", PgWire.text(true));
    assertEquals("\\x00ff10", PgWire.text(new byte[] {0, (byte) 0xff, 0x10}));
  }

  @Test
  void theRowsAnAnswerCountsComeFromItsCommandTag() {
    assertEquals(3, PgWire.tagged("UPDATE 3"));
    assertEquals(1, PgWire.tagged("INSERT 0 1"));
    assertEquals(2, PgWire.tagged("SELECT 2"));
    assertEquals(-1, PgWire.tagged("BEGIN"));
    assertEquals(-1, PgWire.tagged("CREATE TABLE"));
  }

  @Test
  void aColumnReadsAsANumberAsJdbcReadsIt() {
    assertEquals(7, PgWire.number("7"));
    assertEquals(-12, PgWire.number("-12.9"));
    assertEquals(0, PgWire.number(null));
    assertEquals(0, PgWire.number("t"));
  }
}
