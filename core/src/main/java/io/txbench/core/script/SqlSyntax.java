package io.txbench.core.script;

import java.util.ArrayList;
import java.util.List;

/**
 * SQL as pgbench reads it from a script: a command ends at a {@code ;} outside quotes, comments and
 * parentheses, or before a backslash (a meta-command such as {@code \gset} on the same line), and
 * each {@code :name} becomes a {@code ?} parameter. {@code ::type} casts stay, and so do {@code
 * :'name'} and {@code :"name"}, which pgbench does not substitute either; unlike pgbench, a {@code
 * :name} inside a quoted literal or a comment stays as written. {@code --} comments are dropped.
 */
public final class SqlSyntax implements CommandSyntax {

  @Override
  public Scanned scan(String source, int from) throws ScriptException {
    StringBuilder text = new StringBuilder();
    List<String> variables = new ArrayList<>();
    int depth = 0;
    int i = from;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '\\') {
        return new Scanned(i, text.toString().strip(), variables);
      }
      if (c == ';' && depth == 0) {
        return new Scanned(i + 1, text.toString().strip(), variables);
      }
      if (c == '-' && source.startsWith("--", i)) {
        i = lineEnd(source, i);
        continue;
      }
      int quoted = quotedEnd(source, i);
      if (quoted > i) {
        text.append(source, i, quoted);
        i = quoted;
        continue;
      }
      if (c == ':') {
        i = colon(source, i, text, variables);
        continue;
      }
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      text.append(c);
      i++;
    }
    return new Scanned(i, text.toString().strip(), variables);
  }

  /** A {@code :name} becomes a parameter; colons that name nothing stay. */
  private static int colon(String source, int at, StringBuilder text, List<String> variables) {
    int i = at + 1;
    if (i < source.length() && isNameStart(source.charAt(i))) {
      while (i < source.length() && ExprLexer.isNameChar(source.charAt(i))) {
        i++;
      }
      variables.add(source.substring(at + 1, i));
      text.append('?');
      return i;
    }
    while (i < source.length() && source.charAt(i) == ':') {
      i++;
    }
    text.append(source, at, i);
    return i;
  }

  /** A transaction's lines out of place are refused ({@link SqlTransaction}). */
  @Override
  public void check(Script script) throws ScriptException {
    SqlTransaction.check(script);
  }

  private static boolean isNameStart(char c) {
    return ExprLexer.isNameChar(c) && !(c >= '0' && c <= '9');
  }

  private static int lineEnd(String source, int from) {
    int end = source.indexOf('\n', from);
    return end < 0 ? source.length() : end;
  }

  /**
   * Where the quoted literal, quoted identifier, block comment or dollar-quoted string that starts
   * at {@code at} ends (after it), or {@code at} when none starts there; an unclosed one runs to
   * the end. A client that finds its parameters in SQL skips these too.
   */
  public static int quotedEnd(String source, int at) {
    char c = source.charAt(at);
    String close;
    int start;
    if (c == '\'' || c == '"') {
      close = String.valueOf(c);
      start = at + 1;
    } else if (c == '/' && source.startsWith("/*", at)) {
      close = "*/";
      start = at + 2;
    } else if (c == '$') {
      int tagEnd = at + 1;
      while (tagEnd < source.length() && isTagChar(source.charAt(tagEnd))) {
        tagEnd++;
      }
      boolean afterWord = at > 0 && ExprLexer.isNameChar(source.charAt(at - 1));
      if (afterWord || tagEnd >= source.length() || source.charAt(tagEnd) != '$') {
        return at;
      }
      close = source.substring(at, tagEnd + 1);
      start = tagEnd + 1;
    } else {
      return at;
    }
    int end = source.indexOf(close, start);
    return end < 0 ? source.length() : end + close.length();
  }

  private static boolean isTagChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (c >= '0' && c <= '9');
  }
}
