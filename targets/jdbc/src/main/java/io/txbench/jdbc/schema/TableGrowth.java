package io.txbench.jdbc.schema;

import io.txbench.core.spi.SetupException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Whether txbench's tables of one data set can grow to more rows each, keeping theirs: they must be
 * as a complete load of the same seed and columns left them, with the ids 1 to the rows the record
 * says and no other. A run that deleted rows since, or inserted some (ids past the record's), left
 * data that no load of any size would have: it is loaded afresh instead.
 */
public final class TableGrowth {
  /** The rows each table holds, or why they cannot grow ({@code refusal}, null when they can). */
  public record Check(long rows, @Nullable String refusal) {
    static Check refused(String why) {
      return new Check(-1, why);
    }
  }

  private TableGrowth() {}

  /**
   * Checks {@code tables} before they grow to {@code scale} rows each, in a record of {@code
   * registry}'s, loaded with {@code seed}.
   *
   * @throws SetupException when the record is not txbench's (a fresh load would refuse it too)
   */
  public static Check check(
      Connection c, SchemaRegistry registry, List<TableDef> tables, long seed, long scale)
      throws SQLException, SetupException {
    if (!SqlCatalog.exists(c, SchemaRegistry.META)) {
      return Check.refused("there is no txbench record of the data in this database");
    }
    registry.ensure(c);
    Map<String, SchemaRegistry.Entry> entries = registry.entries(c);
    long rows = -1;
    for (TableDef t : tables) {
      SchemaRegistry.Entry entry = entries.get(t.name());
      if (entry == null) {
        return Check.refused(notThere(t));
      }
      String refusal = refusal(c, t, entry, seed, scale);
      if (refusal == null && rows >= 0 && entry.scale() != rows) {
        refusal = "the tables hold different numbers of rows";
      }
      if (refusal != null) {
        return Check.refused(refusal);
      }
      rows = entry.scale();
    }
    return new Check(rows, null);
  }

  /** Why table {@code t}, recorded as {@code entry}, cannot grow; null when it can. */
  private static @Nullable String refusal(
      Connection c, TableDef t, SchemaRegistry.Entry entry, long seed, long scale)
      throws SQLException {
    String table = "table " + t.name();
    if (!SqlCatalog.exists(c, t.name())) {
      return notThere(t);
    }
    if (!t.shape().matches(SqlCatalog.shape(c, t.name()))) {
      return table + " has other columns than this run's";
    }
    if (!SchemaRegistry.COMPLETE.equals(entry.state())) {
      return table + " was not loaded completely";
    }
    if (entry.seed() != seed) {
      return table + " was loaded with --seed " + entry.seed() + ", not " + seed;
    }
    if (entry.scale() >= scale) {
      return table + " holds " + grouped(entry.scale()) + " rows already, and a growth adds rows";
    }
    long count = SqlQueries.single(c, "SELECT COUNT(*) FROM " + t.name());
    if (count < entry.scale()) {
      return table
          + " holds "
          + grouped(count)
          + " rows, fewer than the "
          + grouped(entry.scale())
          + " loaded (a run deleted some)";
    }
    long largest = SqlQueries.single(c, "SELECT COALESCE(MAX(id), 0) FROM " + t.name());
    if (count > entry.scale() || largest > entry.scale()) {
      return table
          + " holds ids past the "
          + grouped(entry.scale())
          + " loaded (a run inserted rows)";
    }
    return null;
  }

  /** Why table {@code t} cannot grow when it is missing from the database or the record. */
  private static String notThere(TableDef t) {
    return "table " + t.name() + " is not there, or not in txbench's record";
  }

  private static String grouped(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }
}
