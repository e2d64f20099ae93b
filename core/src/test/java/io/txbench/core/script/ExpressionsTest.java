package io.txbench.core.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * pgbench's expressions: precedence, integer and double arithmetic, its errors, null logic and its
 * functions; the figures marked "pgbench" are what pgbench 15 printed for the same expression with
 * {@code debug()}.
 */
class ExpressionsTest {
  private final Variables variables =
      new Variables(3, 11, Map.of("n", "5", "x", "2.5", "word", "abc"), new SplittableRandom(1));

  private String eval(String text) throws ScriptException {
    return ExprParser.parse(text).eval(variables).toString();
  }

  private String error(String text) {
    return String.valueOf(assertThrows(ScriptException.class, () -> eval(text)).getMessage());
  }

  @Test
  void precedenceAsPgbenchParsesIt() throws ScriptException {
    assertEquals("7", eval("1 + 2 * 3"));
    assertEquals("9", eval("(1 + 2) * 3"));
    assertEquals("-6", eval("-2 * 3"));
    assertEquals("true", eval("1 + 1 = 2 AND NOT 2 < 1"));
    assertEquals("true", eval("NOT 1 = 2"));
    assertEquals("true", eval("1 < 2 OR 1 / 0 = 1")); // OR stops at true
    assertEquals("false", eval("1 > 2 AND 1 / 0 = 1")); // AND stops at false
    assertEquals("6", eval("2 | 4"));
    assertEquals("6", eval("1 + 2 << 1")); // shifts bind looser than + and -
  }

  @Test
  void comparisonsDoNotChain() throws ScriptException {
    assertEquals("true", eval("3 > 2 AND 2 >= 2 AND 2 <= 2 AND 2 < 3 AND 2 <> 3 AND 2 != 3"));
    assertEquals("false", eval("2 > 3 OR 2 >= 3 OR 3 <= 2 OR 3 < 2 OR 2 = 3 OR 2 <> 2"));
    assertEquals("syntax error at column 7: unexpected \"<\"", error("1 < 2 < 3"));
  }

  @Test
  void integersAndDoublesAsPgbenchComputesThem() throws ScriptException {
    assertEquals("-3074457345618258602", eval("-9223372036854775808 / 3")); // pgbench
    assertEquals("1", eval("7 % -3")); // pgbench
    assertEquals("-3", eval("-7 / 2")); // pgbench
    assertEquals("2", eval("int(2.5)")); // pgbench: rint, halves to even
    assertEquals("-2", eval("int(-2.5)")); // pgbench
    assertEquals("2.5", eval("5 / 2.0")); // pgbench
    assertEquals("0", eval("mod(-9223372036854775808, -1)"));
    assertEquals("9223372036854775807", eval("greatest(1, 9223372036854775807, 3)"));
    assertEquals("1.5", eval("least(2, 1.5, 3)"));
    assertEquals("4", eval("abs(-4)"));
    assertEquals("8.0", eval("pow(2, 3)"));
    assertEquals("3.0", eval("sqrt(9)"));
    assertEquals("3.141592653589793", eval("pi()"));
    assertEquals("1.0", eval("exp(ln(1))"));
    assertEquals("-1", eval("~0"));
  }

  @Test
  void overflowAndDivisionByZeroAreErrors() {
    assertEquals("division by zero", error("1 / 0"));
    assertEquals("division by zero", error("1 % 0"));
    assertEquals("bigint add out of range", error("9223372036854775807 + 1"));
    assertEquals("bigint mul out of range", error("4611686018427387904 * 2"));
    assertEquals("bigint div out of range", error("(-9223372036854775807 - 1) / -1"));
    assertTrue(error("9223372036854775808").startsWith("syntax error"));
    assertEquals("empty range given to random", error("random(2, 1)"));
    assertEquals(
        "random range is too large", error("random(-9223372036854775808, 9223372036854775807)"));
    assertTrue(error("int(1e300)").startsWith("double to int overflow"));
  }

  @Test
  void nullLogicAndIs() throws ScriptException {
    assertEquals("null", eval("NULL + 1"));
    assertEquals("null", eval("NULL AND true"));
    assertEquals("true", eval("NULL IS NULL"));
    assertEquals("true", eval("1 NOTNULL"));
    assertEquals("false", eval("1 IS TRUE")); // pgbench's IS: same type and value
    assertEquals("true", eval("(1 = 1) IS TRUE"));
    assertEquals("true", eval("2 IS NOT NULL"));
    assertEquals("cannot coerce int to boolean", error("1 AND true"));
  }

  @Test
  void caseTakesTheFirstTrueBranch() throws ScriptException {
    assertEquals("2", eval("CASE WHEN 0 THEN 1 WHEN :n > 4 THEN 2 ELSE 3 END"));
    assertEquals("null", eval("case when false then 1 end"));
  }

  @Test
  void variablesAreReadAsPgbenchReadsTheirText() throws ScriptException {
    assertEquals("6", eval(":n + 1"));
    assertEquals("3.5", eval(":x + 1"));
    assertEquals("3", eval(":client_id"));
    assertEquals("malformed variable \"word\" value: \"abc\"", error(":word + 1"));
    assertEquals("undefined variable \"nothing\"", error(":nothing"));
  }

  @Test
  void hashesAreThoseOfPgbench() throws ScriptException {
    assertEquals("1340367696533541376", eval("hash_murmur2(42, 7)")); // pgbench
    assertEquals("2765047632110736392", eval("hash_fnv1a(42, 7)")); // pgbench
    assertEquals("4219408603045787357", eval("hash_murmur2(-1, 0)")); // pgbench
    assertEquals("5306528128403006158", eval("hash_fnv1a(123456789, -5)")); // pgbench
    assertEquals(eval("hash_murmur2(5, :default_seed)"), eval("hash(5)"));
  }

  @Test
  void syntaxErrorsNameTheColumn() {
    assertEquals("syntax error at column 5: unexpected end of expression", error("1 + "));
    assertEquals("syntax error at column 1: unknown function \"nope\"", error("nope(1)"));
    assertEquals("syntax error at column 7: unexpected \"<\"", error("1 < 2 < 3"));
    assertTrue(error("random(1)").contains("wrong number of arguments for random()"));
  }
}
