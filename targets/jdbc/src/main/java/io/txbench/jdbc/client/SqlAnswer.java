package io.txbench.jdbc.client;

import java.util.List;
import java.util.Map;

/**
 * What the server answered to one {@link SqlStatement}: the rows it read (every one fetched) or
 * changed, and the leading columns of the first row it returned, as many as the statement asked for
 * ({@link SqlStatement#numbers()}), none when it returned no row; a NULL reads as 0, as JDBC reads
 * it; and, when the statement asked for it ({@link SqlStatement#row}), the first row's columns by
 * name, as text (a NULL as the empty string).
 */
public record SqlAnswer(long rows, List<Long> numbers, Map<String, String> row) {

  public SqlAnswer {
    numbers = List.copyOf(numbers);
    row = Map.copyOf(row);
  }

  /** A write's answer: the rows it changed, none returned. */
  public static SqlAnswer changed(long rows) {
    return new SqlAnswer(rows, List.of(), Map.of());
  }

  /** The column {@code index} (from 0) of the first row. */
  public long number(int index) {
    return numbers.get(index);
  }
}
