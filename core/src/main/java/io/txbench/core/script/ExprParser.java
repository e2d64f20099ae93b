package io.txbench.core.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Reads an expression of pgbench's grammar ({@code exprparse.y}): literals, {@code :variables},
 * function calls and CASE; then, from the tightest: unary {@code + - ~}; {@code * / %}; {@code +
 * -}; {@code | # & << >>}; comparisons (not chained); {@code IS [NOT] NULL|TRUE|FALSE}, {@code
 * ISNULL}, {@code NOTNULL}; NOT; AND; OR. Keywords and function names are read in any case.
 */
public final class ExprParser {
  private static final Map<String, Value> CONSTANTS =
      Map.of("null", Value.NULL, "true", Value.TRUE, "false", Value.FALSE);

  /** {@code a > b} is read as {@code b < a}, {@code a >= b} as {@code b <= a}. */
  private static final Map<String, Function> COMPARISONS =
      Map.of(
          "=", Function.EQ,
          "<>", Function.NE,
          "!=", Function.NE,
          "<", Function.LT,
          "<=", Function.LE,
          ">", Function.LT,
          ">=", Function.LE);

  private static final Map<String, Function> BITS =
      Map.of(
          "|", Function.BITOR,
          "#", Function.BITXOR,
          "&", Function.BITAND,
          "<<", Function.LSHIFT,
          ">>", Function.RSHIFT);
  private static final Map<String, Function> ADDITIVE =
      Map.of("+", Function.ADD, "-", Function.SUB);
  private static final Map<String, Function> MULTIPLICATIVE =
      Map.of("*", Function.MUL, "/", Function.DIV, "%", Function.MOD);

  private final ExprLexer lexer;
  private ExprLexer.Token token;

  private ExprParser(String text) throws ScriptException {
    this.lexer = new ExprLexer(text);
    this.token = lexer.next();
  }

  /** The expression {@code text}, or a syntax error naming its column. */
  public static Expr parse(String text) throws ScriptException {
    ExprParser parser = new ExprParser(text);
    Expr expr = parser.or();
    if (parser.token.kind() != ExprLexer.Kind.END) {
      throw parser.unexpected();
    }
    return expr;
  }

  private Expr or() throws ScriptException {
    Expr left = and();
    while (keyword("or")) {
      left = call(Function.OR, left, and());
    }
    return left;
  }

  private Expr and() throws ScriptException {
    Expr left = not();
    while (keyword("and")) {
      left = call(Function.AND, left, not());
    }
    return left;
  }

  private Expr not() throws ScriptException {
    return keyword("not") ? call(Function.NOT, not()) : is();
  }

  private Expr is() throws ScriptException {
    Expr left = comparison();
    if (keyword("isnull")) {
      return call(Function.IS, left, new Expr.Constant(Value.NULL));
    }
    if (keyword("notnull")) {
      return call(Function.NOT, call(Function.IS, left, new Expr.Constant(Value.NULL)));
    }
    if (!keyword("is")) {
      return left;
    }
    boolean negated = keyword("not");
    @Nullable Value what = constant();
    if (what == null) {
      throw unexpected();
    }
    Expr is = call(Function.IS, left, new Expr.Constant(what));
    return negated ? call(Function.NOT, is) : is;
  }

  private Expr comparison() throws ScriptException {
    Expr left = bits();
    String op = operator();
    @Nullable Function f = COMPARISONS.get(op);
    if (f == null) {
      return left;
    }
    Expr right = advanceThen(this::bits);
    Expr result = op.startsWith(">") ? call(f, right, left) : call(f, left, right);
    if (COMPARISONS.containsKey(operator())) {
      throw unexpected(); // comparisons do not chain
    }
    return result;
  }

  private Expr bits() throws ScriptException {
    return binary(this::additive, BITS);
  }

  private Expr additive() throws ScriptException {
    return binary(this::multiplicative, ADDITIVE);
  }

  private Expr multiplicative() throws ScriptException {
    return binary(this::unary, MULTIPLICATIVE);
  }

  /** Operands of {@code operand} joined, left to right, by the operators of {@code operators}. */
  private Expr binary(Step operand, Map<String, Function> operators) throws ScriptException {
    Expr left = operand.parse();
    for (Function f; (f = operators.get(operator())) != null; ) {
      left = call(f, left, advanceThen(operand));
    }
    return left;
  }

  private Expr unary() throws ScriptException {
    return switch (operator()) {
      case "+" -> advanceThen(this::unary);
      case "-" -> {
        advance();
        if (token.kind() == ExprLexer.Kind.MIN_MAGNITUDE) {
          advance();
          yield new Expr.Constant(Value.of(Long.MIN_VALUE));
        }
        yield call(Function.SUB, new Expr.Constant(Value.of(0L)), unary());
      }
      case "~" -> call(Function.BITXOR, new Expr.Constant(Value.of(-1L)), advanceThen(this::unary));
      default -> primary();
    };
  }

  private Expr primary() throws ScriptException {
    ExprLexer.Token t = token;
    if (t.kind() == ExprLexer.Kind.WORD) {
      return word();
    }
    if (t.kind() == ExprLexer.Kind.LEFT) {
      Expr inner = advanceThen(this::or);
      expect(ExprLexer.Kind.RIGHT);
      return inner;
    }
    Expr literal =
        switch (t.kind()) {
          case INTEGER -> new Expr.Constant(Value.of(Long.parseLong(t.text())));
          case DOUBLE -> new Expr.Constant(Value.of(Double.parseDouble(t.text())));
          case VARIABLE -> new Expr.Variable(t.text());
          default -> throw unexpected();
        };
    advance();
    return literal;
  }

  private Expr word() throws ScriptException {
    @Nullable Value constant = constant();
    if (constant != null) {
      return new Expr.Constant(constant);
    }
    if (keyword("case")) {
      return caseWhen();
    }
    ExprLexer.Token name = token;
    advance();
    if (token.kind() != ExprLexer.Kind.LEFT) {
      throw new ScriptException(
          "syntax error at column " + name.column() + ": unexpected \"" + name.text() + "\"");
    }
    Optional<Function> function = Function.named(name.text());
    if (function.isEmpty()) {
      throw new ScriptException(
          "syntax error at column " + name.column() + ": unknown function \"" + name.text() + "\"");
    }
    List<Expr> args = arguments();
    Function f = function.get();
    Optional<String> wrong = f.arity(args.size());
    if (wrong.isPresent()) {
      throw new ScriptException("at column " + name.column() + ": " + wrong.get());
    }
    boolean seeded = f == Function.HASH || f == Function.HASH_MURMUR2 || f == Function.HASH_FNV1A;
    if ((seeded && args.size() == 1) || (f == Function.PERMUTE && args.size() == 2)) {
      args.add(new Expr.Variable("default_seed"));
    }
    return new Call(f, args);
  }

  private List<Expr> arguments() throws ScriptException {
    advance(); // (
    List<Expr> args = new ArrayList<>();
    if (token.kind() == ExprLexer.Kind.RIGHT) {
      advance();
      return args;
    }
    args.add(or());
    while (token.kind() == ExprLexer.Kind.COMMA) {
      args.add(advanceThen(this::or));
    }
    expect(ExprLexer.Kind.RIGHT);
    return args;
  }

  private Expr caseWhen() throws ScriptException {
    List<Expr> args = new ArrayList<>();
    if (!keyword("when")) {
      throw unexpected();
    }
    do {
      args.add(or());
      if (!keyword("then")) {
        throw unexpected();
      }
      args.add(or());
    } while (keyword("when"));
    args.add(keyword("else") ? or() : new Expr.Constant(Value.NULL));
    if (!keyword("end")) {
      throw unexpected();
    }
    return new Call(Function.CASE, args);
  }

  /** Takes the keyword NULL, TRUE or FALSE, if it is the next token, as its value. */
  private @Nullable Value constant() throws ScriptException {
    for (Map.Entry<String, Value> c : CONSTANTS.entrySet()) {
      if (keyword(c.getKey())) {
        return c.getValue();
      }
    }
    return null;
  }

  /** Takes the keyword {@code word} if it is the next token. */
  private boolean keyword(String word) throws ScriptException {
    if (token.kind() == ExprLexer.Kind.WORD && token.text().toLowerCase(Locale.ROOT).equals(word)) {
      advance();
      return true;
    }
    return false;
  }

  private String operator() {
    return token.kind() == ExprLexer.Kind.OPERATOR ? token.text() : "";
  }

  private void advance() throws ScriptException {
    token = lexer.next();
  }

  /** What a parse step returns. */
  @FunctionalInterface
  private interface Step {
    Expr parse() throws ScriptException;
  }

  private Expr advanceThen(Step step) throws ScriptException {
    advance();
    return step.parse();
  }

  private void expect(ExprLexer.Kind kind) throws ScriptException {
    if (token.kind() != kind) {
      throw unexpected();
    }
    advance();
  }

  private ScriptException unexpected() {
    String what =
        token.kind() == ExprLexer.Kind.END ? "end of expression" : "\"" + token.text() + "\"";
    return new ScriptException("syntax error at column " + token.column() + ": unexpected " + what);
  }

  private static Call call(Function f, Expr... args) {
    return new Call(f, List.of(args));
  }
}
