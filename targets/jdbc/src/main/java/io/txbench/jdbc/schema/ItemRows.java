package io.txbench.jdbc.schema;

import io.txbench.core.data.ItemData;
import io.txbench.core.workloads.ItemKind;
import java.util.List;
import java.util.SplittableRandom;

/**
 * sysbench's item rows ({@code id, k, c, pad}, plus the update counter) as a {@link RowShape}, the
 * item kinds' and a mix's: a read returns {@code c}, an update sets it.
 */
public final class ItemRows implements RowShape {
  private static final List<String> C = List.of("c");
  private static final List<String> LOAD_COLUMNS = List.of("id", "k", "c", "pad");
  public static final String TABLE = ItemKind.TABLE;
  public static final TableDef ITEM = itemTable(TABLE);

  /** The item table named {@code name}: sysbench's sbtest, plus the update counter. */
  public static TableDef itemTable(String name) {
    return new TableDef(
        name,
        "CREATE TABLE "
            + name
            + " (id %ID%, k INT NOT NULL, c VARCHAR(120) NOT NULL,"
            + " pad VARCHAR(60) NOT NULL, updates BIGINT NOT NULL DEFAULT 0)",
        "id",
        List.of("CREATE INDEX " + name + "_k ON " + name + " (k)"));
  }

  private final ItemData data;

  public ItemRows(ItemData data) {
    this.data = data;
  }

  @Override
  public TableDef tableDef(String name) {
    return itemTable(name);
  }

  @Override
  public List<String> loadColumns() {
    return LOAD_COLUMNS;
  }

  @Override
  public void fillRow(Object[] row, long id, long size, SplittableRandom random) {
    row[0] = id;
    row[1] = ItemData.k(random, size);
    row[2] = data.c(random);
    row[3] = data.pad(random);
  }

  @Override
  public String kSumExpression() {
    return "COALESCE(SUM(k), 0)";
  }

  @Override
  public List<String> readColumns() {
    return C;
  }

  @Override
  public List<String> updatableColumns() {
    return C;
  }

  @Override
  public int chooseColumn(SplittableRandom random) {
    return 0;
  }

  @Override
  public String value(SplittableRandom random) {
    return data.c(random);
  }
}
