package io.txbench.jdbc.workloads;

import io.txbench.jdbc.client.SqlDialect;

/**
 * The statements of sysbench's OLTP transactions ({@code oltp_common.lua}), {@code %T} standing for
 * the table's name. The non-index update also counts the row's updates, and the insert puts back
 * the deleted row's {@code k} and update count, so that verify can prove the writes. The last three
 * take that row out: in one delete that returns it where the server can, otherwise read and locked,
 * then deleted as read.
 */
enum OltpSql {
  POINT_SELECT("SELECT c FROM %T WHERE id = ?"),
  SIMPLE_RANGE("SELECT c FROM %T WHERE id BETWEEN ? AND ?"),
  SUM_RANGE("SELECT SUM(k) FROM %T WHERE id BETWEEN ? AND ?"),
  ORDER_RANGE("SELECT c FROM %T WHERE id BETWEEN ? AND ? ORDER BY c"),
  DISTINCT_RANGE("SELECT DISTINCT c FROM %T WHERE id BETWEEN ? AND ? ORDER BY c"),
  INDEX_UPDATE("UPDATE %T SET k = k + 1 WHERE id = ?"),
  NON_INDEX_UPDATE("UPDATE %T SET c = ?, updates = updates + 1 WHERE id = ?"),
  INSERT("INSERT INTO %T (id, k, c, pad, updates) VALUES (?, ?, ?, ?, ?)"),
  /** The delete that says what it deleted, where the server can ({@link SqlDialect}). */
  DELETE_RETURNING("DELETE FROM %T WHERE id = ? RETURNING k, updates"),
  /** Elsewhere, the row is read and locked first... */
  LOCKING_READ("SELECT k, updates FROM %T WHERE id = ? FOR UPDATE"),
  /**
   * ...then deleted only as it was read: without a transaction, the read takes no lock, and a row
   * changed since would be put back without that change.
   */
  DELETE_AS_READ("DELETE FROM %T WHERE id = ? AND k = ? AND updates = ?");

  private final String template;

  OltpSql(String template) {
    this.template = template;
  }

  /** The statement on the table {@code table}. */
  String sql(String table) {
    return template.replace("%T", table);
  }
}
