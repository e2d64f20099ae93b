package io.txbench.jdbc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every table a SQL workload of txbench creates: the only names it ever drops or replaces. */
final class KnownTables {
  private KnownTables() {}

  /** The airline's tables, by name. */
  private static Map<String, TableDef> fixed() {
    List<TableDef> all = new ArrayList<>(AirlineSchema.ALL);
    all.add(ItemWorkload.ITEM);
    Map<String, TableDef> byName = new LinkedHashMap<>();
    all.forEach(t -> byName.put(t.name(), t));
    return byName;
  }

  /**
   * The definition of txbench's table named {@code name} (an airline table, {@code item} or {@code
   * itemN} of {@code --tables}), or null when txbench never makes a table of that name.
   */
  static TableDef named(String name) {
    TableDef known = fixed().get(name);
    if (known != null) {
      return known;
    }
    if (name.matches(ItemWorkload.TABLE + "[1-9][0-9]{0,3}")) {
      return ItemWorkload.itemTable(name);
    }
    return null;
  }
}
