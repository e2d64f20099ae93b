package io.txbench.report.files;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A summary.json checked against {@link SummaryFile}'s records before it is read into them: a field
 * of the wrong type or missing would otherwise show as a zero in a table, or add nothing to a
 * merge, with no word said (the binding takes a missing number for 0, and does not quote the value
 * that does not fit). Each field is held to its component's type: text, true or false, a time, a
 * whole number or a number (0 or more, but in the parts that quote the server, {@link
 * SummaryFile#QUOTING}), an object of a record's fields, a list or an object of its elements. A
 * field is required unless its component is {@code @Nullable} (a field added later, or of some runs
 * only) or is {@link Later}; null stands only for a nullable one.
 */
record SummaryCheck(Path file) {
  /** A figure that versions before it did not write: 0 when they lack it. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.RECORD_COMPONENT)
  @interface Later {}

  /** Throws, with one line that names {@code file} and the field, if a field is wrong. */
  static void check(Path file, JsonNode summary) throws IOException {
    for (String field : List.of("target", "workload")) {
      if (!summary.isObject() || !summary.path(field).isTextual()) {
        throw new IOException(file + " is not a txbench summary: no \"" + field + "\" in it");
      }
    }
    SummaryCheck check = new SummaryCheck(file);
    check.fields(summary, SummaryFile.class, "", false);
    JsonNode metrics = summary.path("options").path("metrics");
    if (!metrics.isMissingNode()
        && !metrics.isNull()
        && SummaryFile.duration(metrics.asText(null)) == null) {
      throw check.wrong("options.metrics", metrics, "a duration such as PT10S");
    }
  }

  /** The fields of {@code record} in {@code node}, each named after {@code prefix}. */
  private void fields(JsonNode node, Class<?> record, String prefix, boolean signed)
      throws IOException {
    for (RecordComponent c : record.getRecordComponents()) {
      if (c.getAccessor().isAnnotationPresent(JsonUnwrapped.class)) {
        fields(node, c.getType(), prefix, signed); // a part: its fields are the file's own
        continue;
      }
      String name = prefix + c.getName();
      JsonNode value = node.get(c.getName());
      boolean nullable = c.getAnnotatedType().isAnnotationPresent(Nullable.class);
      if (value != null) {
        value(
            value,
            c.getGenericType(),
            name,
            nullable,
            signed || SummaryFile.QUOTING.contains(name));
      } else if (!nullable && !c.isAnnotationPresent(Later.class)) {
        throw new IOException(file + " is corrupt: no \"" + name + "\" in it");
      }
    }
  }

  /** {@code value}, named {@code name}, of the type {@code type}. */
  private void value(JsonNode value, Type type, String name, boolean nullable, boolean signed)
      throws IOException {
    Class<?> raw = (Class<?>) (type instanceof ParameterizedType p ? p.getRawType() : type);
    if (value.isNull() && nullable) {
      return;
    }
    if (raw == String.class) {
      expect(value, name, "text", JsonNode::isTextual);
    } else if (raw == boolean.class || raw == Boolean.class) {
      expect(value, name, "true or false", JsonNode::isBoolean);
    } else if (raw == Instant.class) {
      expect(value, name, "a time such as 2026-01-01T12:00:00Z", n -> instant(n.asText(null)));
    } else if (raw == long.class || raw == Long.class || raw == int.class || raw == Integer.class) {
      boolean fits = raw == long.class || raw == Long.class;
      expect(
          value,
          name,
          signed ? "a whole number" : "a whole number of 0 or more",
          n ->
              n.isIntegralNumber()
                  && (fits ? n.canConvertToLong() : n.canConvertToInt())
                  && (signed || n.asLong() >= 0));
    } else if (raw == double.class || raw == Double.class) {
      expect(
          value,
          name,
          signed ? "a number" : "a number of 0 or more",
          n -> n.isNumber() && Double.isFinite(n.asDouble()) && (signed || n.asDouble() >= 0));
    } else if (raw.isRecord()) {
      JsonClassDescription of = raw.getAnnotation(JsonClassDescription.class);
      expect(
          value, name, "an object" + (of == null ? "" : " of " + of.value()), JsonNode::isObject);
      fields(value, raw, name + ".", signed);
    } else if (Map.class.isAssignableFrom(raw)) {
      expect(value, name, "an object", JsonNode::isObject);
      Type values = ((ParameterizedType) type).getActualTypeArguments()[1];
      for (var e : value.properties()) {
        value(e.getValue(), values, name + "." + e.getKey(), true, signed);
      }
    } else if (List.class.isAssignableFrom(raw)) {
      expect(value, name, "a list", JsonNode::isArray);
      Type elements = ((ParameterizedType) type).getActualTypeArguments()[0];
      for (int i = 0; i < value.size(); i++) {
        value(value.get(i), elements, name + "." + i, true, signed);
      }
    } // an Object (an option's value): whatever it is
  }

  private void expect(JsonNode value, String name, String what, Predicate<JsonNode> fits)
      throws IOException {
    if (!fits.test(value)) {
      throw wrong(name, value, what);
    }
  }

  private static boolean instant(@Nullable String text) {
    try {
      return text != null && Instant.parse(text) != null;
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  private IOException wrong(String field, JsonNode node, String what) {
    String shown = node.toString();
    if (shown.length() > 40) {
      shown = shown.substring(0, 37) + "...";
    }
    return new IOException(file + " is corrupt: \"" + field + "\" is " + shown + ", not " + what);
  }
}
