package io.txbench.postgres.async;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The types the server gave a prepared statement's parameters, and each value made into what the
 * event-loop client encodes for its type. The client takes only a String for a text parameter, a
 * Number for a numeric one, a Boolean for a boolean, and a value of another class fails before it
 * is sent; a script's variables are a Long, a Double, a Boolean or text whatever the statement does
 * with them, and the server types a parameter by its place ({@code SELECT :n} makes it text). So a
 * value is made into the type's own, as the server would read it: a number or a boolean as its text
 * for a text parameter, a text as the number or boolean it spells for those. A text that spells
 * none fails as the server fails such input (22P02), before it is sent; a value of a type not read
 * here goes as it is.
 */
final class ParameterTypes {
  /** The SQLSTATE of a value the server could not read as its parameter's type. */
  static final String INVALID_TEXT = "22P02";

  private static final Set<String> TEXTS =
      Set.of("text", "character varying", "character", "name", "unknown", "\"char\"");
  private static final Set<String> INTEGERS = Set.of("bigint", "integer", "smallint");
  private static final Set<String> DECIMALS = Set.of("double precision", "real");

  /** What a parameter's values are made into. */
  private enum Kind {
    TEXT,
    INTEGER,
    DECIMAL,
    NUMERIC,
    BOOLEAN,
    OTHER
  }

  private final List<Kind> kinds;
  private final List<String> names;

  private ParameterTypes(List<Kind> kinds, List<String> names) {
    this.kinds = kinds;
    this.names = names;
  }

  /** The parameters' types as the server names them ({@code regtype}'s text), in order. */
  static ParameterTypes of(List<String> types) {
    List<Kind> kinds = new ArrayList<>(types.size());
    for (String type : types) {
      kinds.add(kind(type.toLowerCase(Locale.ROOT)));
    }
    return new ParameterTypes(List.copyOf(kinds), List.copyOf(types));
  }

  private static Kind kind(String type) {
    if (TEXTS.contains(type)) {
      return Kind.TEXT;
    }
    if (INTEGERS.contains(type)) {
      return Kind.INTEGER;
    }
    if (DECIMALS.contains(type)) {
      return Kind.DECIMAL;
    }
    if (type.equals("numeric")) {
      return Kind.NUMERIC;
    }
    return type.equals("boolean") ? Kind.BOOLEAN : Kind.OTHER;
  }

  /**
   * {@code values} as the client encodes them for these types: the same list when each is of its
   * type's class already (nothing allocated), else a copy with those that are not made into it.
   *
   * @throws SQLException (22P02) for a text that spells no value of its parameter's type
   */
  List<Object> bind(List<Object> values) throws SQLException {
    List<Object> bound = values;
    for (int i = 0; i < values.size() && i < kinds.size(); i++) {
      Object value = values.get(i);
      Object made = made(kinds.get(i), value, i);
      if (made != value) {
        if (bound == values) {
          bound = new ArrayList<>(values);
        }
        bound.set(i, made);
      }
    }
    return bound;
  }

  private Object made(Kind kind, Object value, int index) throws SQLException {
    return switch (kind) {
      case TEXT -> value instanceof String ? value : String.valueOf(value);
      case INTEGER, DECIMAL, NUMERIC ->
          value instanceof Number ? value : number(kind, value, index);
      case BOOLEAN -> value instanceof Boolean ? value : truth(value, index);
      case OTHER -> value;
    };
  }

  private Object number(Kind kind, Object value, int index) throws SQLException {
    String text = String.valueOf(value).strip();
    try {
      return switch (kind) {
        case INTEGER -> Long.parseLong(text);
        case NUMERIC -> new BigDecimal(text);
        default -> Double.parseDouble(text);
      };
    } catch (NumberFormatException e) {
      throw invalid(value, index);
    }
  }

  /**
   * A boolean as the server reads one's text ({@code t}, {@code yes}, {@code on}, {@code 1}...).
   */
  private Object truth(Object value, int index) throws SQLException {
    return switch (String.valueOf(value).strip().toLowerCase(Locale.ROOT)) {
      case "t", "true", "y", "yes", "on", "1" -> true;
      case "f", "false", "n", "no", "off", "0" -> false;
      default -> throw invalid(value, index);
    };
  }

  private SQLException invalid(Object value, int index) {
    return new SQLException(
        "invalid input syntax for type "
            + names.get(index)
            + ": \""
            + value
            + "\" (parameter "
            + (index + 1)
            + ")",
        INVALID_TEXT);
  }
}
