package io.txbench.core.script;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the target answered to a command: the rows it returned or changed, and, when the command
 * asked for them ({@link Command.Send#storesRow()}), the first row's columns by name, as text (an
 * SQL NULL as the empty string, as pgbench stores it); and, for an answer that holds no row at all
 * where one was asked for, why, in words ({@code noRow}: an http answer that is no JSON object),
 * which {@code \gset}'s error says.
 */
public record Reply(long rows, Map<String, String> firstRow, @Nullable String noRow) {
  public Reply {
    firstRow = Map.copyOf(firstRow);
  }

  public Reply(long rows, Map<String, String> firstRow) {
    this(rows, firstRow, null);
  }

  /** An answer that holds no row, {@code why} in words. */
  public static Reply noRow(String why) {
    return new Reply(0, Map.of(), why);
  }
}
