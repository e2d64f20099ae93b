package io.txbench.jdbc.workloads;

import io.txbench.core.script.Command;
import io.txbench.core.script.SqlTransaction;
import io.txbench.core.spi.StatementId;
import org.jspecify.annotations.Nullable;

/**
 * A command of a script as the SQL client sends it, read once before the run rather than at each
 * execution: what it does to the transaction ({@code role}), whether it is a query ({@code read}),
 * whether the iteration needs its first row by name ({@code row}: a {@code \gset}, or a write's
 * {@code RETURNING}), and which timed statement it is ({@code timed}; null for a BEGIN or a
 * ROLLBACK).
 */
record ScriptCommand(SqlTransaction role, boolean read, boolean row, @Nullable StatementId timed) {

  static ScriptCommand of(Command.Send send, @Nullable StatementId timed) {
    String sql = send.text();
    boolean read = ScriptIteration.reads(sql);
    boolean row = send.storesRow() || (!read && ScriptIteration.returns(sql));
    return new ScriptCommand(SqlTransaction.of(sql), read, row, timed);
  }
}
