package io.txbench.jdbc.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Every table a SQL workload of txbench creates: the only names it ever drops or replaces. */
final class KnownTables {
  private KnownTables() {}

  /** The airline's tables, {@code item} and the analytics tables, by name. */
  private static Map<String, TableDef> fixed() {
    List<TableDef> all = new ArrayList<>(AirlineSchema.ALL);
    all.add(ItemRows.ITEM);
    all.addAll(AnalyticsSchema.SHAPES);
    Map<String, TableDef> byName = new LinkedHashMap<>();
    all.forEach(t -> byName.put(t.name(), t));
    return byName;
  }

  /**
   * The definition of txbench's table named {@code name} (an airline or analytics table, {@code
   * item} or {@code itemN} of {@code --tables}), or null when txbench never makes a table of that
   * name in one shape only (a {@code usertable}'s columns depend on {@code --field-count}: see
   * {@link #ownShape}).
   */
  static @Nullable TableDef named(String name) {
    TableDef known = fixed().get(name);
    if (known != null) {
      return known;
    }
    if (name.matches(ItemRows.TABLE + "[1-9][0-9]{0,3}")) {
      return ItemRows.itemTable(name);
    }
    return null;
  }

  /** Whether txbench makes tables named {@code name}. */
  static boolean known(String name) {
    return named(name) != null || UserTableRows.isUserTableName(name);
  }

  /**
   * Whether a table named {@code name} {@code found} in this shape is one txbench makes: its
   * definition's columns with their types, or for a {@code usertable} (and {@code usertableN}) the
   * id, the update counter and {@code field0} to {@code fieldK} of theirs, whatever the field count
   * and length.
   */
  static boolean ownShape(String name, TableShape found) {
    if (UserTableRows.isUserTableName(name)) {
      return UserTableRows.isOwn(name, found);
    }
    TableDef def = named(name);
    return def != null && def.shape().sameTypes(found);
  }
}
