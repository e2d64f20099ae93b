package io.txbench.core.script;

/**
 * A mistake in a script: found as it is read (a syntax error, an unbalanced {@code \if}, a variable
 * nothing sets, a meta-command txbench does not take), or as it runs (division by zero, an integer
 * overflow, a variable not yet set). The message names the file and line where they are known.
 */
public final class ScriptException extends Exception {
  private static final long serialVersionUID = 1L;

  public ScriptException(String message) {
    super(message);
  }

  /** The same mistake, placed at {@code where} ({@code file.sql:12}). */
  public ScriptException at(String where) {
    return new ScriptException(where + ": " + getMessage());
  }
}
