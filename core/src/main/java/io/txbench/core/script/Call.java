package io.txbench.core.script;

import java.util.List;

/**
 * A function or an operator applied to its arguments, evaluated as pgbench evaluates it: AND, OR
 * and CASE argument by argument, every other function on its arguments' values, null when one of
 * them is null (but for IS and debug).
 */
record Call(Function function, List<Expr> args) implements Expr {

  Call {
    args = List.copyOf(args);
  }

  @Override
  public Value eval(Variables variables) throws ScriptException {
    if (function.lazy()) {
      return lazy(variables);
    }
    Value[] values = new Value[args.size()];
    boolean hasNull = false;
    for (int i = 0; i < values.length; i++) {
      values[i] = args.get(i).eval(variables);
      hasNull |= values[i].type() == Value.Type.NULL;
    }
    if (hasNull && function != Function.IS && function != Function.DEBUG) {
      return Value.NULL;
    }
    return switch (function) {
      case ADD, SUB, MUL, DIV, MOD, EQ, NE, LE, LT ->
          Arithmetic.binary(function, values[0], values[1]);
      case BITAND, BITOR, BITXOR, LSHIFT, RSHIFT -> Arithmetic.bits(function, values[0], values[1]);
      case NOT -> Value.of(!values[0].asBoolean());
      case IS -> Value.of(values[0].same(values[1]));
      case DEBUG -> variables.debug(values[0]);
      case LEAST, GREATEST -> Arithmetic.extremum(function == Function.LEAST, values);
      default -> Arithmetic.function(function, values, variables);
    };
  }

  @Override
  public void uses(java.util.Set<String> into) {
    args.forEach(a -> a.uses(into));
  }

  private Value lazy(Variables variables) throws ScriptException {
    if (function == Function.CASE) {
      for (int i = 0; i + 1 < args.size(); i += 2) {
        if (args.get(i).eval(variables).truth()) {
          return args.get(i + 1).eval(variables);
        }
      }
      return args.get(args.size() - 1).eval(variables);
    }
    Value first = args.get(0).eval(variables);
    if (first.type() == Value.Type.NULL) {
      return Value.NULL;
    }
    boolean and = function == Function.AND;
    if (first.asBoolean() != and) {
      return Value.of(!and); // false AND ..., true OR ...
    }
    Value second = args.get(1).eval(variables);
    return second.type() == Value.Type.NULL ? Value.NULL : Value.of(second.asBoolean());
  }
}
