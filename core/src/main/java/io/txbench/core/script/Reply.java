package io.txbench.core.script;

import java.util.Map;

/**
 * What the target answered to a command: the rows it returned or changed, and, when the command
 * asked for them ({@link Command.Send#storesRow()}), the first row's columns by name, as text (an
 * SQL NULL as the empty string, as pgbench stores it).
 */
public record Reply(long rows, Map<String, String> firstRow) {
  public Reply {
    firstRow = Map.copyOf(firstRow);
  }
}
