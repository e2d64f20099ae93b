package io.txbench.jdbc.client;

import java.util.List;

/** The rows to load into one table: its columns, how many rows, and where they come from. */
public record TableLoad(String table, List<String> columns, long rows, RowSource source) {

  /** Produces the rows, in order, into a sink. */
  @FunctionalInterface
  public interface RowSource {
    void emit(RowSink sink);
  }

  /**
   * Takes one row at a time; the values are read before {@code row} returns, so a source may reuse
   * its array.
   */
  @FunctionalInterface
  public interface RowSink {
    void row(Object... values);
  }
}
