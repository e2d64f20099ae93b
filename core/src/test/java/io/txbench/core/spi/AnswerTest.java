package io.txbench.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerTest {
  private static final List<String> COLUMNS = List.of("name", "orders", "revenue");

  @Test
  void theSameAnswerInEachDatabasesTypesAndOrderHasOneDigest() {
    Answer postgres =
        Answer.of(
            "q",
            COLUMNS,
            List.of(
                Arrays.asList("Smith", 12L, new BigDecimal("1250.50")),
                Arrays.asList(null, 20L, new BigDecimal("2000.0000"))));
    Answer mongo =
        Answer.of(
            "q",
            COLUMNS,
            List.of(Arrays.asList(null, 20, 2000.0), Arrays.asList("Smith", 12, 1250.5)));
    assertEquals(postgres.rows(), mongo.rows());
    assertEquals(postgres.digest(), mongo.digest());
    assertEquals(List.of("Smith\t12\t1250.5", "\\N\t20\t2000"), postgres.rows());
    assertTrue(postgres.digest().matches("sha256:[0-9a-f]{64}"), postgres.digest());
  }

  @Test
  void numbersAreRoundedToFourPlacesHalfToEven() {
    assertEquals("0.1235", Answer.cell("q", new BigDecimal("0.12345000001")));
    assertEquals("0.1234", Answer.cell("q", new BigDecimal("0.12345")));
    assertEquals("0", Answer.cell("q", -0.0));
    assertEquals("100", Answer.cell("q", new BigDecimal("1E+2")));
    assertEquals("-3.5", Answer.cell("q", -3.5f));
  }

  @Test
  void oneChangedCellOrOneMissingRowChangesTheDigest() {
    Answer one = Answer.of("q", COLUMNS, List.of(List.of("Smith", 12, 3), List.of("Kim", 1, 2)));
    Answer changed =
        Answer.of("q", COLUMNS, List.of(List.of("Smith", 13, 3), List.of("Kim", 1, 2)));
    Answer fewer = Answer.of("q", COLUMNS, List.of(List.of("Smith", 12, 3)));
    Answer renamed =
        Answer.of(
            "q",
            List.of("name", "orders", "sum"),
            List.of(List.of("Smith", 12, 3), List.of("Kim", 1, 2)));
    assertNotEquals(one.digest(), changed.digest());
    assertNotEquals(one.digest(), fewer.digest());
    assertNotEquals(one.digest(), renamed.digest());
  }

  @Test
  void aRowOfTheWrongWidthOrACellOfAnotherTypeIsRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> Answer.of("q", COLUMNS, List.of(List.of("x", 1))));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Answer.of("q", COLUMNS, List.of(List.of("x", 1, new Object()))));
    assertTrue(
        String.valueOf(e.getMessage()).contains("neither text nor a number"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Answer.cell("q", Double.NaN));
  }
}
