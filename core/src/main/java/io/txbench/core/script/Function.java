package io.txbench.core.script;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * pgbench's functions and operators, with how many arguments each takes ({@code maxArgs} -1: any
 * number). Operators have names no script can call ({@code +}); functions are found by name in any
 * case.
 */
enum Function {
  ADD("+", 2, 2),
  SUB("-", 2, 2),
  MUL("*", 2, 2),
  DIV("/", 2, 2),
  MOD("mod", 2, 2),
  EQ("=", 2, 2),
  NE("<>", 2, 2),
  LE("<=", 2, 2),
  LT("<", 2, 2),
  BITAND("&", 2, 2),
  BITOR("|", 2, 2),
  BITXOR("#", 2, 2),
  LSHIFT("<<", 2, 2),
  RSHIFT(">>", 2, 2),
  AND("AND", 2, 2),
  OR("OR", 2, 2),
  NOT("NOT", 1, 1),
  IS("IS", 2, 2),
  CASE("CASE", 3, -1),
  ABS("abs", 1, 1),
  DEBUG("debug", 1, 1),
  PI("pi", 0, 0),
  SQRT("sqrt", 1, 1),
  LN("ln", 1, 1),
  EXP("exp", 1, 1),
  INT("int", 1, 1),
  DOUBLE("double", 1, 1),
  POW("pow", 2, 2),
  POWER("power", 2, 2),
  LEAST("least", 1, -1),
  GREATEST("greatest", 1, -1),
  RANDOM("random", 2, 2),
  RANDOM_EXPONENTIAL("random_exponential", 3, 3),
  RANDOM_GAUSSIAN("random_gaussian", 3, 3),
  RANDOM_ZIPFIAN("random_zipfian", 3, 3),
  HASH("hash", 1, 2),
  HASH_MURMUR2("hash_murmur2", 1, 2),
  HASH_FNV1A("hash_fnv1a", 1, 2),
  PERMUTE("permute", 2, 3);

  private final String word;
  private final int minArgs;
  private final int maxArgs;

  Function(String word, int minArgs, int maxArgs) {
    this.word = word;
    this.minArgs = minArgs;
    this.maxArgs = maxArgs;
  }

  String word() {
    return word;
  }

  /** Whether it is evaluated argument by argument, as SQL's AND, OR and CASE are. */
  boolean lazy() {
    return this == AND || this == OR || this == CASE;
  }

  /** The function a script calls {@code name}, if pgbench has one of that name. */
  static Optional<Function> named(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    // Operators' words are symbols or upper case: never a name.
    return Arrays.stream(values()).filter(f -> f.word.equals(lower)).findFirst();
  }

  /** Why {@code count} arguments do not fit, or empty when they do. */
  Optional<String> arity(int count) {
    if (count < minArgs || (maxArgs >= 0 && count > maxArgs)) {
      String wanted =
          minArgs == maxArgs
              ? Integer.toString(minArgs)
              : maxArgs < 0 ? "at least " + minArgs : minArgs + " or " + maxArgs;
      return Optional.of(
          "wrong number of arguments for " + word + "(): " + count + ", it takes " + wanted);
    }
    return Optional.empty();
  }
}
