package io.txbench.jdbc.workloads;

import java.util.List;

/**
 * One iteration's statement of an item kind: its text (on the table picked), its parameters in
 * order (a {@code long}, an {@code int} or text), whether it reads rows or writes them, and the key
 * it is about, for messages.
 */
public record SqlStatement(String sql, List<Object> parameters, boolean read, long key) {}
