package io.txbench.core.script;

import java.util.List;
import java.util.Locale;

/**
 * What a SQL command of a script does to its transaction: {@code BEGIN} (or {@code START
 * TRANSACTION}) makes the whole script one transaction, which the client opens at the run's
 * isolation level; {@code COMMIT} (or {@code END}) is its commit point; {@code ROLLBACK} (or {@code
 * ABORT}) ends it undone. A script with BEGIN must open with it and send nothing but its end after
 * COMMIT or ROLLBACK, so that the one transaction is all of it.
 */
public enum SqlTransaction {
  BEGIN,
  COMMIT,
  ROLLBACK,
  /** Any other command. */
  NONE;

  /** What {@code sql} does to the transaction. */
  public static SqlTransaction of(String sql) {
    String[] words = sql.strip().toUpperCase(Locale.ROOT).split("[\\s;]+");
    String first = words.length > 0 ? words[0] : "";
    boolean alone = words.length == 1 || List.of("WORK", "TRANSACTION").contains(words[1]);
    return switch (first) {
      case "BEGIN" -> alone ? BEGIN : NONE;
      case "START" -> words.length > 1 && words[1].equals("TRANSACTION") ? BEGIN : NONE;
      case "COMMIT", "END" -> alone ? COMMIT : NONE;
      case "ROLLBACK", "ABORT" -> alone ? ROLLBACK : NONE;
      default -> NONE;
    };
  }

  /** Whether {@code script} has a BEGIN, and so runs as one transaction. */
  public static boolean opens(Script script) {
    return script.sends().stream().anyMatch(s -> of(s.text()) == BEGIN);
  }

  /** Refuses a transaction's lines out of place in {@code script}, by line. */
  static void check(Script script) throws ScriptException {
    boolean open = false;
    boolean ended = false;
    boolean anySent = false;
    for (Command c : script.commands()) {
      String where = script.where(c.line()) + ": ";
      if (c instanceof Command.Sleep && ended) {
        throw new ScriptException(
            where
                + "\\sleep after COMMIT: txbench commits at the end of the script; sleep before"
                + " BEGIN instead");
      }
      if (!(c instanceof Command.Send send)) {
        continue;
      }
      SqlTransaction role = of(send.text());
      if (role == BEGIN && (anySent || open)) {
        throw new ScriptException(
            where
                + "BEGIN after other commands: a script with BEGIN is one transaction, which"
                + " BEGIN opens");
      }
      if ((role == COMMIT || role == ROLLBACK) && !open) {
        throw new ScriptException(where + role + " without BEGIN");
      }
      if (role == NONE && ended) {
        throw new ScriptException(
            where
                + "a command after COMMIT: a script with BEGIN is one transaction, which"
                + " COMMIT ends");
      }
      open |= role == BEGIN;
      ended |= role == COMMIT || role == ROLLBACK;
      anySent = true;
    }
    if (open && !ended) {
      throw new ScriptException(script.name() + ": BEGIN without COMMIT");
    }
  }
}
