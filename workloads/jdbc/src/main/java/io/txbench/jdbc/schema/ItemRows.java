package io.txbench.jdbc.schema;

import io.txbench.core.data.ItemData;
import io.txbench.jdbc.workloads.ItemWorkload;
import java.util.List;
import java.util.SplittableRandom;

/**
 * sysbench's item rows ({@code id, k, c, pad}, plus the update counter) as a mix's {@link
 * RowShape}: a read returns {@code c}, an update sets it.
 */
public final class ItemRows implements RowShape {
  private static final List<String> C = List.of("c");
  private final ItemData data;

  public ItemRows(ItemData data) {
    this.data = data;
  }

  @Override
  public TableDef tableDef(String name) {
    return ItemWorkload.itemTable(name);
  }

  @Override
  public List<String> loadColumns() {
    return ItemWorkload.ITEM_LOAD_COLUMNS;
  }

  @Override
  public void fillRow(Object[] row, long id, long size, SplittableRandom random) {
    ItemWorkload.fillItem(data, row, id, size, random);
  }

  @Override
  public String kSumExpression() {
    return ItemWorkload.ITEM_K_SUM;
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
