package io.txbench.core.script;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A script variable's value, typed as pgbench types it: null, a boolean, a 64-bit integer or a
 * double; or text (a {@code --define}'s, a column {@code \gset} stored), read as one of the others
 * when an expression uses it, as pgbench reads a variable's string form.
 */
public final class Value {
  /** The types of a value. */
  public enum Type {
    NULL,
    BOOLEAN,
    INT,
    DOUBLE,
    TEXT
  }

  static final Value NULL = new Value(Type.NULL, 0, 0, "");
  static final Value TRUE = new Value(Type.BOOLEAN, 1, 0, "");
  static final Value FALSE = new Value(Type.BOOLEAN, 0, 0, "");

  private final Type type;
  private final long integer;
  private final double real;
  private final String text;

  private Value(Type type, long integer, double real, String text) {
    this.type = type;
    this.integer = integer;
    this.real = real;
    this.text = text;
  }

  public static Value of(long integer) {
    return new Value(Type.INT, integer, 0, "");
  }

  public static Value of(double real) {
    return new Value(Type.DOUBLE, 0, real, "");
  }

  public static Value of(boolean truth) {
    return truth ? TRUE : FALSE;
  }

  /** Text as a {@code --define} or a {@code \gset} column gives it. */
  public static Value text(String text) {
    return new Value(Type.TEXT, 0, 0, text);
  }

  public Type type() {
    return type;
  }

  /**
   * The value an expression computes with: text read as pgbench reads a variable's string (null,
   * true/false/yes/no/on/off, an integer, a double), an error when it is none of those.
   */
  Value typed(String variable) throws ScriptException {
    if (type != Type.TEXT) {
      return this;
    }
    String t = text.strip();
    @Nullable Value word =
        switch (t.toLowerCase(Locale.ROOT)) {
          case "null" -> NULL;
          case "true", "yes", "on" -> TRUE;
          case "false", "no", "off" -> FALSE;
          default -> null;
        };
    if (word != null) {
      return word;
    }
    try {
      return of(Long.parseLong(t));
    } catch (NumberFormatException e) {
      // not an integer: a double, or malformed
    }
    try {
      if (!t.isEmpty() && !t.endsWith("d") && !t.endsWith("f") && !t.endsWith("D")) {
        return of(Double.parseDouble(t));
      }
    } catch (NumberFormatException e) {
      // malformed, below
    }
    throw new ScriptException("malformed variable \"" + variable + "\" value: \"" + text + "\"");
  }

  /** Whether a condition holds: nonzero numbers and true are true, null and zero false. */
  boolean truth() {
    return switch (type) {
      case NULL, TEXT -> false;
      case BOOLEAN, INT -> integer != 0;
      case DOUBLE -> real != 0.0;
    };
  }

  boolean asBoolean() throws ScriptException {
    if (type != Type.BOOLEAN) {
      throw new ScriptException("cannot coerce " + name() + " to boolean");
    }
    return integer != 0;
  }

  long asInt() throws ScriptException {
    if (type == Type.INT) {
      return integer;
    }
    if (type == Type.DOUBLE) {
      double rounded = Math.rint(real);
      if (Double.isNaN(rounded) || rounded < -0x1p63 || rounded >= 0x1p63) {
        throw new ScriptException("double to int overflow for " + real);
      }
      return (long) rounded;
    }
    throw new ScriptException("cannot coerce " + name() + " to int");
  }

  double asDouble() throws ScriptException {
    if (type == Type.DOUBLE) {
      return real;
    }
    if (type == Type.INT) {
      return integer;
    }
    throw new ScriptException("cannot coerce " + name() + " to double");
  }

  /** What a command is given for this value: a Long, a Double, a Boolean or text. */
  public Object parameter() {
    return switch (type) {
      case NULL -> "NULL"; // pgbench sends a null variable's string form
      case BOOLEAN -> integer != 0;
      case INT -> integer;
      case DOUBLE -> real;
      case TEXT -> textParameter();
    };
  }

  private Object textParameter() {
    String t = text.strip();
    try {
      return Long.parseLong(t);
    } catch (NumberFormatException e) {
      return text;
    }
  }

  /** Same type and same value: pgbench's {@code IS}. */
  boolean same(Value other) {
    return type == other.type
        && integer == other.integer
        && Double.compare(real, other.real) == 0
        && text.equals(other.text);
  }

  String name() {
    return type.name().toLowerCase(Locale.ROOT);
  }

  @Override
  public String toString() {
    return switch (type) {
      case NULL -> "null";
      case BOOLEAN -> integer != 0 ? "true" : "false";
      case INT -> Long.toString(integer);
      case DOUBLE -> Double.toString(real);
      case TEXT -> text;
    };
  }
}
