package io.txbench.core.spi;

/**
 * A statement of a script that is timed apart (pgbench's {@code -r}): its place among the run's
 * timed statements ({@code index}, what the session records it by), the script's file and the line
 * it starts on, a short text of it for the reader, and what its success commits on the server
 * ({@code commits}), which the commit cross-check of a script run counts. One object per statement
 * of the scripts, made before the run: a session that sends it allocates nothing to record it.
 */
public record StatementId(int index, String script, int line, String text, Commits commits) {
  /** The longest text kept: a statement's start tells which it is. */
  static final int SHORT_TEXT = 60;

  /** What a statement's success commits on the server. */
  public enum Commits {
    /** Nothing of its own: a statement inside a transaction. */
    NOTHING,
    /** A transaction: the COMMIT that ends one. */
    TRANSACTION,
    /** Itself: a statement outside any transaction, which the server commits on its own. */
    ITSELF
  }

  public StatementId {
    text = shortened(text);
  }

  /** A statement that commits nothing of its own. */
  public StatementId(int index, String script, int line, String text) {
    this(index, script, line, text, Commits.NOTHING);
  }

  /** Where it is, as a message names it: {@code file.sql:12}. */
  public String where() {
    return script + ":" + line;
  }

  /** {@code text} on one line, its blanks collapsed, cut to {@link #SHORT_TEXT} characters. */
  static String shortened(String text) {
    String one = text.strip().replaceAll("\\s+", " ");
    return one.length() <= SHORT_TEXT ? one : one.substring(0, SHORT_TEXT - 3) + "...";
  }
}
