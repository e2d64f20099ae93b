package io.txbench.core.script;

/**
 * The tokens of a pgbench expression ({@code exprscan.l}): integers, doubles, {@code :variables},
 * words (keywords and function names), operators, parentheses and commas. {@code
 * 9223372036854775808} is a token of its own, which only a unary minus may precede.
 */
final class ExprLexer {
  enum Kind {
    INTEGER,
    DOUBLE,
    MIN_MAGNITUDE,
    VARIABLE,
    WORD,
    OPERATOR,
    LEFT,
    RIGHT,
    COMMA,
    END
  }

  /** A token and the column (from 1) where it starts. */
  record Token(Kind kind, String text, int column) {}

  private static final java.util.List<String> TWO_CHAR_OPERATORS =
      java.util.List.of("<=", ">=", "<>", "!=", "<<", ">>");

  private final String text;
  private int at;

  ExprLexer(String text) {
    this.text = text;
  }

  Token next() throws ScriptException {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
    int start = at;
    if (at >= text.length()) {
      return new Token(Kind.END, "", start + 1);
    }
    char c = text.charAt(at);
    if (Character.isDigit(c) || (c == '.' && at + 1 < text.length() && isDigit(at + 1))) {
      return number(start);
    }
    if (c == ':') {
      at++;
      while (at < text.length() && isNameChar(text.charAt(at))) {
        at++;
      }
      if (at == start + 1) {
        throw new ScriptException(
            "syntax error at column " + (start + 1) + ": \":\" without a name");
      }
      return new Token(Kind.VARIABLE, text.substring(start + 1, at), start + 1);
    }
    if (Character.isLetter(c) || c == '_') {
      while (at < text.length() && isNameChar(text.charAt(at))) {
        at++;
      }
      return new Token(Kind.WORD, text.substring(start, at), start + 1);
    }
    at++;
    Kind single =
        switch (c) {
          case '(' -> Kind.LEFT;
          case ')' -> Kind.RIGHT;
          case ',' -> Kind.COMMA;
          default -> Kind.END;
        };
    if (single != Kind.END) {
      return new Token(single, String.valueOf(c), start + 1);
    }
    if (at < text.length() && TWO_CHAR_OPERATORS.contains(text.substring(start, at + 1))) {
      at++;
      return new Token(Kind.OPERATOR, text.substring(start, at), start + 1);
    }
    if ("+-*/%<>=&|#~".indexOf(c) >= 0) {
      return new Token(Kind.OPERATOR, String.valueOf(c), start + 1);
    }
    throw new ScriptException(
        "syntax error at column " + (start + 1) + ": unexpected \"" + c + "\"");
  }

  private Token number(int start) throws ScriptException {
    boolean real = false;
    while (at < text.length() && isDigit(at)) {
      at++;
    }
    if (at < text.length() && text.charAt(at) == '.') {
      real = true;
      at++;
      while (at < text.length() && isDigit(at)) {
        at++;
      }
    }
    if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
      int mark = at++;
      if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
        at++;
      }
      if (at < text.length() && isDigit(at)) {
        real = true;
        while (at < text.length() && isDigit(at)) {
          at++;
        }
      } else {
        at = mark; // not an exponent: the word after the number is a syntax error
      }
    }
    String digits = text.substring(start, at);
    if (real) {
      return new Token(Kind.DOUBLE, digits, start + 1);
    }
    if (digits.equals("9223372036854775808")) {
      return new Token(Kind.MIN_MAGNITUDE, digits, start + 1);
    }
    try {
      Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new ScriptException(
          "bigint constant overflow at column " + (start + 1) + ": " + digits);
    }
    return new Token(Kind.INTEGER, digits, start + 1);
  }

  private boolean isDigit(int i) {
    char c = text.charAt(i);
    return c >= '0' && c <= '9';
  }

  /** A character of a variable's name, as pgbench takes them: a letter, a digit, _ or non-ASCII. */
  static boolean isNameChar(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '_'
        || c > 127;
  }
}
