package io.txbench.jdbc.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** How txbench reads its CREATE statements into the shapes it tells its tables by. */
class TableShapeTest {

  private static TableShape shape(Object... nameTypeLength) {
    Map<String, TableShape.Column> columns = new TreeMap<>();
    for (int i = 0; i < nameTypeLength.length; i += 3) {
      columns.put(
          (String) nameTypeLength[i],
          new TableShape.Column(
              (ColumnType) nameTypeLength[i + 1], (Integer) nameTypeLength[i + 2]));
    }
    return new TableShape(new TreeMap<>(columns));
  }

  @Test
  void aCreateStatementGivesEachColumnItsTypeAndTextLengthAndNoConstraint() {
    assertEquals(
        shape(
            "schedule_id",
            ColumnType.BIGINT,
            0,
            "flight_date",
            ColumnType.DATE,
            0,
            "seats_occupied",
            ColumnType.INT,
            0),
        AirlineSchema.AUDIT.shape());
    TableShape ord = AnalyticsSchema.ORD.shape();
    assertEquals(ColumnType.DECIMAL, Objects.requireNonNull(ord.columns().get("price")).type());
    assertEquals(ColumnType.DOUBLE, Objects.requireNonNull(ord.columns().get("vanna")).type());
    assertEquals(
        ColumnType.BIGINT, Objects.requireNonNull(ord.columns().get("id")).type()); // NOT NULL%KEY%
    assertEquals(11, ord.names().size());
    TableShape item = ItemRows.itemTable("item").shape();
    assertEquals(new TableShape.Column(ColumnType.BIGINT, 0), item.columns().get("id")); // %ID%
    assertEquals(new TableShape.Column(ColumnType.TEXT, 120), item.columns().get("c"));
  }

  @Test
  void ownershipAsksForTheTypesAndARunAlsoForTheLengths() {
    TableShape declared = shape("id", ColumnType.BIGINT, 0, "c", ColumnType.TEXT, 120);
    TableShape longer = shape("id", ColumnType.BIGINT, 0, "c", ColumnType.TEXT, 200);
    TableShape typedOtherwise = shape("id", ColumnType.TEXT, 0, "c", ColumnType.TEXT, 120);
    assertTrue(declared.sameTypes(longer));
    assertFalse(declared.matches(longer));
    assertFalse(declared.sameTypes(typedOtherwise));
    assertTrue(declared.matches(shape("id", ColumnType.BIGINT, 0, "c", ColumnType.TEXT, 120)));
  }
}
