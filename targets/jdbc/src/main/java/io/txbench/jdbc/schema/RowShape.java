package io.txbench.jdbc.schema;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The shape of the rows an item kind works on ({@code ItemWorkload}): sysbench's items ({@link
 * ItemRows}) or, in a mix, YCSB's {@code usertable} ({@link UserTableRows}). It says what the table
 * is and how prepare fills it, which columns a read returns and which an update may set; the mix
 * makes its statements from that, the same for both.
 */
public interface RowShape {

  TableDef tableDef(String name);

  /** The columns prepare loads, {@code id} first; an insert writes the others. */
  List<String> loadColumns();

  /** Fills {@code row} (as {@link #loadColumns()}) for the row {@code id} of a table of size. */
  void fillRow(Object[] row, long id, long size, SplittableRandom random);

  /** What verify sums as the indexed column; {@code 0} for a shape without one. */
  String kSumExpression();

  /** The columns a read or a scan returns: {@code c}, or every field. */
  List<String> readColumns();

  /** The columns an update may set, one per update. */
  List<String> updatableColumns();

  /** Which of {@link #updatableColumns()} the next update sets (its index). */
  int chooseColumn(SplittableRandom random);

  /** A new value for a column an update sets. */
  String value(SplittableRandom random);
}
