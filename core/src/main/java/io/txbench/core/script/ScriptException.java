package io.txbench.core.script;

/**
 * A mistake in a script: found as it is read (a syntax error, an unbalanced {@code \if}, a variable
 * nothing sets, a meta-command txbench does not take), or as it runs (division by zero, an integer
 * overflow, a variable not yet set). The message names the file and line where they are known.
 */
public final class ScriptException extends Exception {
  private static final long serialVersionUID = 1L;
  private final int linesIn;

  public ScriptException(String message) {
    this(message, 0);
  }

  /**
   * A mistake {@code linesIn} lines into the command it was found in (a target's command that spans
   * lines, as an HTTP request's header), so that the script's reader names its own line.
   */
  public ScriptException(String message, int linesIn) {
    super(message);
    this.linesIn = linesIn;
  }

  /** How many lines into the command the mistake is. */
  public int linesIn() {
    return linesIn;
  }

  /** The same mistake, placed at {@code where} ({@code file.sql:12}). */
  public ScriptException at(String where) {
    return new ScriptException(where + ": " + getMessage());
  }
}
