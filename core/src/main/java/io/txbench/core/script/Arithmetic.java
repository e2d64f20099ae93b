package io.txbench.core.script;

import java.util.Locale;

/**
 * pgbench's operators and its functions of numbers: integers while both sides are integers, with
 * overflow and division by zero errors as pgbench raises them; doubles as soon as one side is one.
 */
final class Arithmetic {
  private Arithmetic() {}

  static Value binary(Function op, Value left, Value right) throws ScriptException {
    if ((left.type() == Value.Type.DOUBLE || right.type() == Value.Type.DOUBLE)
        && op != Function.MOD) {
      double l = left.asDouble();
      double r = right.asDouble();
      return switch (op) {
        case ADD -> Value.of(l + r);
        case SUB -> Value.of(l - r);
        case MUL -> Value.of(l * r);
        case DIV -> Value.of(l / r);
        case EQ -> Value.of(l == r);
        case NE -> Value.of(l != r);
        case LE -> Value.of(l <= r);
        default -> Value.of(l < r);
      };
    }
    long l = left.asInt();
    long r = right.asInt();
    try {
      return switch (op) {
        case ADD -> Value.of(Math.addExact(l, r));
        case SUB -> Value.of(Math.subtractExact(l, r));
        case MUL -> Value.of(Math.multiplyExact(l, r));
        case EQ -> Value.of(l == r);
        case NE -> Value.of(l != r);
        case LE -> Value.of(l <= r);
        case LT -> Value.of(l < r);
        default -> divide(op, l, r);
      };
    } catch (ArithmeticException e) {
      throw new ScriptException("bigint " + op.name().toLowerCase(Locale.ROOT) + " out of range");
    }
  }

  private static Value divide(Function op, long l, long r) throws ScriptException {
    if (r == 0) {
      throw new ScriptException("division by zero");
    }
    if (r == -1) { // Long.MIN_VALUE / -1 overflows; its remainder is 0
      return op == Function.DIV ? Value.of(Math.negateExact(l)) : Value.of(0L);
    }
    return Value.of(op == Function.DIV ? l / r : l % r);
  }

  static Value bits(Function op, Value left, Value right) throws ScriptException {
    long l = left.asInt();
    long r = right.asInt();
    return Value.of(
        switch (op) {
          case BITAND -> l & r;
          case BITOR -> l | r;
          case BITXOR -> l ^ r;
          case LSHIFT -> l << r;
          default -> l >> r;
        });
  }

  static Value extremum(boolean least, Value[] values) throws ScriptException {
    boolean anyDouble = false;
    for (Value v : values) {
      anyDouble |= v.type() == Value.Type.DOUBLE;
    }
    if (anyDouble) {
      double best = values[0].asDouble();
      for (int i = 1; i < values.length; i++) {
        double d = values[i].asDouble();
        best = least ? Math.min(best, d) : Math.max(best, d);
      }
      return Value.of(best);
    }
    long best = values[0].asInt();
    for (int i = 1; i < values.length; i++) {
      long n = values[i].asInt();
      best = least ? Math.min(best, n) : Math.max(best, n);
    }
    return Value.of(best);
  }

  /** The functions of numbers and the random ones. */
  static Value function(Function f, Value[] v, Variables variables) throws ScriptException {
    return switch (f) {
      case ABS ->
          v[0].type() == Value.Type.INT
              ? Value.of(Math.abs(v[0].asInt()))
              : Value.of(Math.abs(v[0].asDouble()));
      case PI -> Value.of(Math.PI);
      case SQRT -> Value.of(Math.sqrt(v[0].asDouble()));
      case LN -> Value.of(Math.log(v[0].asDouble()));
      case EXP -> Value.of(Math.exp(v[0].asDouble()));
      case INT -> Value.of(v[0].asInt());
      case DOUBLE -> Value.of(v[0].asDouble());
      case POW, POWER -> Value.of(Math.pow(v[0].asDouble(), v[1].asDouble()));
      case HASH, HASH_MURMUR2 -> Value.of(Draws.murmur2(v[0].asInt(), v[1].asInt()));
      case HASH_FNV1A -> Value.of(Draws.fnv1a(v[0].asInt(), v[1].asInt()));
      case PERMUTE -> permute(v);
      default -> random(f, v, variables);
    };
  }

  private static Value permute(Value[] v) throws ScriptException {
    long size = v[1].asInt();
    if (size <= 0) {
      throw new ScriptException("permute size parameter must be greater than zero");
    }
    return Value.of(Draws.permute(v[0].asInt(), size, v[2].asInt()));
  }

  private static Value random(Function f, Value[] v, Variables variables) throws ScriptException {
    long min = v[0].asInt();
    long max = v[1].asInt();
    if (min > max) {
      throw new ScriptException("empty range given to random");
    }
    try {
      Math.addExact(Math.subtractExact(max, min), 1);
    } catch (ArithmeticException e) {
      throw new ScriptException("random range is too large");
    }
    Draws draws = variables.draws();
    if (f == Function.RANDOM) {
      return Value.of(draws.uniform(min, max));
    }
    double param = v[2].asDouble();
    return Value.of(
        switch (f) {
          case RANDOM_GAUSSIAN -> {
            if (param < Draws.MIN_GAUSSIAN) {
              throw new ScriptException(
                  "gaussian parameter must be at least 2.0 (not " + param + ")");
            }
            yield draws.gaussian(min, max, param);
          }
          case RANDOM_ZIPFIAN -> {
            if (param < Draws.MIN_ZIPFIAN || param > Draws.MAX_ZIPFIAN) {
              throw new ScriptException(
                  "zipfian parameter must be in range [1.001, 1000] (not " + param + ")");
            }
            yield draws.zipfian(min, max, param);
          }
          default -> {
            if (param <= 0.0) {
              throw new ScriptException(
                  "exponential parameter must be greater than zero (not " + param + ")");
            }
            yield draws.exponential(min, max, param);
          }
        });
  }
}
