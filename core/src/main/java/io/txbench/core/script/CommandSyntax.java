package io.txbench.core.script;

import java.util.List;

/**
 * How a target reads the commands between a script's meta-commands: where one ends, and how a
 * {@code :variable} in it becomes a parameter the target binds. SQL ({@link SqlSyntax}) ends a
 * command at a {@code ;} outside quotes and parentheses and writes {@code ?} for each variable; a
 * target of JSON commands or HTTP requests supplies its own.
 */
public interface CommandSyntax {

  /**
   * The command that starts at {@code from} in {@code source}: it ends at the target's terminator
   * (consumed) or before a backslash that starts a meta-command, or at the end of the source.
   */
  Scanned scan(String source, int from) throws ScriptException;

  /**
   * Refuses what the target cannot run in a script read whole (a transaction's lines out of place);
   * the error names the file and line.
   */
  default void check(Script script) throws ScriptException {}

  /**
   * Whether {@code \word} is a meta-command of the target's own, beside the language's (a document
   * target's {@code \begin} and {@code \commit}): the script keeps it in its place as a command for
   * the target, its text the backslash and the word, and no argument.
   */
  default boolean ownsMeta(String word) {
    return false;
  }

  /**
   * Where the name of a {@code :variable} that starts at {@code at} in {@code text} ends (a letter
   * or {@code _}, then letters, digits and {@code _}), or {@code at} when no name starts there: the
   * rule of a target that writes {@code :name} in its commands.
   */
  static int nameEnd(String text, int at) {
    if (at >= text.length() || !isNameStart(text.charAt(at))) {
      return at;
    }
    int i = at + 1;
    while (i < text.length() && (isNameStart(text.charAt(i)) || isDigit(text.charAt(i)))) {
      i++;
    }
    return i;
  }

  private static boolean isNameStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /**
   * A command read: the offset after it, its text (blank when it held only comments and blanks),
   * and the variables its parameters take, in order.
   */
  record Scanned(int end, String text, List<String> variables) {
    public Scanned {
      variables = List.copyOf(variables);
    }
  }
}
