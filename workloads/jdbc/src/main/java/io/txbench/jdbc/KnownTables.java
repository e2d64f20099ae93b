package io.txbench.jdbc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every table a SQL workload of txbench creates: the only names it ever drops or replaces. */
final class KnownTables {
  private KnownTables() {}

  static Map<String, TableDef> byName() {
    List<TableDef> all = new ArrayList<>(AirlineSchema.ALL);
    all.add(ItemWorkload.ITEM);
    Map<String, TableDef> byName = new LinkedHashMap<>();
    all.forEach(t -> byName.put(t.name(), t));
    return byName;
  }
}
