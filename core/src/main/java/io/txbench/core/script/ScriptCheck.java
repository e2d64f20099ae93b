package io.txbench.core.script;

import io.txbench.core.spi.Verification;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one query of a {@code --script-verify} file answered, named by its file and line: passed
 * when it returned one row (or document) whose first field is true.
 */
public record ScriptCheck(String where, boolean passed, String answer) {

  /** Verify's verdict on {@code checks}: each a figure by its line, a note or an anomaly. */
  public static Verification verdict(List<ScriptCheck> checks) {
    Map<String, Long> figures = new LinkedHashMap<>();
    List<String> anomalies = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (ScriptCheck check : checks) {
      figures.put(check.where(), check.passed() ? 1L : 0L);
      (check.passed() ? notes : anomalies).add(check.where() + ": " + check.answer());
    }
    return Verification.of(figures, anomalies, notes);
  }
}
