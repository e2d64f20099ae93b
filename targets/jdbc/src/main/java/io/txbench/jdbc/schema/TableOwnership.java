package io.txbench.jdbc.schema;

import io.txbench.core.spi.SetupException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Whether a table in the way is txbench's, to replace, run on or drop: listed in its record, named
 * as one of its tables, and with that table's columns and their types ({@link TableShape}). A
 * user's table with txbench's name and column names but other types is not: nothing touches it. The
 * tables txbench creates ({@link #named}) are the only ones it ever drops or replaces.
 */
final class TableOwnership {
  private TableOwnership() {}

  /**
   * Fails unless the table {@code t} names is txbench's: among the tables the record lists ({@code
   * recorded}), in the shape of one of txbench's tables of that name (a {@code usertable} of any
   * field count, which prepare replaces); with {@code sameShape}, in exactly {@code t}'s shape, its
   * text columns of {@code t}'s lengths, as a run on it needs.
   */
  static void requireOwn(Connection c, TableDef t, Set<String> recorded, boolean sameShape)
      throws SQLException, SetupException {
    if (!recorded.contains(t.name())) {
      throw new SetupException(
          "table '"
              + t.name()
              + "' already exists in database '"
              + c.getCatalog()
              + "' and was not created by txbench: it is left untouched; use"
              + " another --target-database-name, or drop or rename it yourself");
    }
    TableShape found = SqlCatalog.shape(c, t.name());
    if (t.shape().matches(found)) {
      return;
    }
    if (!ownShape(t.name(), found)) {
      throw new SetupException(
          SqlCatalog.named(c, t.name())
              + " is listed in txbench's record but its columns are not txbench's: it is left"
              + " untouched; use another --target-database-name");
    }
    if (sameShape) {
      throw new SetupException(
          SqlCatalog.named(c, t.name())
              + " was loaded with other columns than this run's (another --field-count or"
              + " --field-length?): run once without --skip-setup to load it anew");
    }
  }

  /**
   * Whether {@code --drop} may drop the table {@code name} the record lists: one of txbench's
   * names, and where it exists, in the shape of txbench's table of that name.
   */
  static boolean droppable(Connection c, String name) throws SQLException {
    boolean known = named(name) != null || UserTableRows.isUserTableName(name);
    return known && (!SqlCatalog.exists(c, name) || ownShape(name, SqlCatalog.shape(c, name)));
  }

  /**
   * The definition of txbench's table named {@code name} (an airline or analytics table, {@code
   * item} or {@code itemN} of {@code --tables}), or null when txbench never makes a table of that
   * name in one shape only (a {@code usertable}'s columns depend on {@code --field-count}: see
   * {@link #ownShape}).
   */
  private static @Nullable TableDef named(String name) {
    for (List<TableDef> tables :
        List.of(AirlineSchema.ALL, List.of(ItemRows.ITEM), AnalyticsSchema.SHAPES)) {
      for (TableDef t : tables) {
        if (t.name().equals(name)) {
          return t;
        }
      }
    }
    return name.matches(ItemRows.TABLE + "[1-9][0-9]{0,3}") ? ItemRows.itemTable(name) : null;
  }

  /**
   * Whether a table named {@code name} {@code found} in this shape is one txbench makes: its
   * definition's columns with their types, or for a {@code usertable} (and {@code usertableN}) the
   * id, the update counter and {@code field0} to {@code fieldK} of theirs, whatever the field count
   * and length.
   */
  private static boolean ownShape(String name, TableShape found) {
    if (UserTableRows.isUserTableName(name)) {
      return UserTableRows.isOwn(name, found);
    }
    TableDef def = named(name);
    return def != null && def.shape().sameTypes(found);
  }
}
