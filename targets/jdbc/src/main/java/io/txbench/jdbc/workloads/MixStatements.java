package io.txbench.jdbc.workloads;

import io.txbench.core.workloads.Mix;
import io.txbench.core.workloads.MixOperation;
import io.txbench.jdbc.schema.RowShape;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The statements of a mix's operations on one table, made from the rows' {@link RowShape}: a read
 * and a scan return its read columns, each update sets one of its updatable columns and counts the
 * update, an insert writes every loaded column but the id.
 */
record MixStatements(
    String table, String read, String scan, String insert, String delete, List<String> updates) {

  /** The shape's statements on the table {@code table}. */
  static MixStatements of(RowShape shape, String table) {
    String columns = String.join(", ", shape.readColumns());
    List<String> written = shape.loadColumns().subList(1, shape.loadColumns().size());
    List<String> updates =
        shape.updatableColumns().stream()
            .map(c -> "UPDATE " + table + " SET " + c + " = ?, updates = updates + 1 WHERE id = ?")
            .toList();
    return new MixStatements(
        table,
        "SELECT " + columns + " FROM " + table + " WHERE id = ?",
        "SELECT " + columns + " FROM " + table + " WHERE id >= ? ORDER BY id LIMIT ?",
        "INSERT INTO "
            + table
            + " ("
            + String.join(", ", written)
            + ") VALUES ("
            + String.join(", ", Collections.nCopies(written.size(), "?"))
            + ")",
        "DELETE FROM " + table + " WHERE id = ?",
        updates);
  }

  /** The statements {@code mix} runs but its insert, which returns the generated id. */
  List<String> plainOnes(Mix mix) {
    List<String> sql = new ArrayList<>();
    if (mix.has(MixOperation.POINT_SELECT) || mix.has(MixOperation.READ_MODIFY_WRITE)) {
      sql.add(read);
    }
    if (mix.has(MixOperation.RANGE_SCAN)) {
      sql.add(scan);
    }
    if (mix.has(MixOperation.DELETE)) {
      sql.add(delete);
    }
    if (mix.has(MixOperation.UPDATE) || mix.has(MixOperation.READ_MODIFY_WRITE)) {
      sql.addAll(updates);
    }
    return sql;
  }
}
