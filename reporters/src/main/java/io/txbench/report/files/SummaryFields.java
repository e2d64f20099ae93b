package io.txbench.report.files;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The fields of a summary.json that compare, merge and report read, checked on its JSON before it
 * is read into a {@link SummaryFile}: a field of the wrong type or missing would otherwise show as
 * a zero in a table, or add nothing to a merge, with no word said (the record's binding takes a
 * missing number for 0, and does not quote the value that does not fit). Every txbench version
 * wrote those that are required; those added later (embedded, server, inDoubt, declined, client,
 * queries, operations, cost) may be missing, but not of a wrong type; within queries, each
 * operation and cost, every figure txbench writes is required (but a cost per million, which a run
 * of no iteration has not).
 */
public final class SummaryFields {
  private static final List<String> TEXTS = List.of("serverVersion");
  private static final List<String> INSTANTS = List.of("start", "end");
  private static final List<String> NUMBERS = List.of("tps", "measuredSeconds");
  private static final List<String> COUNTS =
      List.of("parallelism", "iterations", "retries", "errors");
  private static final List<String> LATER_COUNTS = List.of("inDoubt", "declined");
  private static final List<String> PERCENTILES = List.of("p50", "p95", "p99", "p999", "max");
  private static final String RESPONSE_TIMES = "responseTimeMs";
  private static final String QUERIES = "queries";
  private static final List<String> QUERY_COUNTS = List.of("reads", "writes", "others", "total");
  private static final List<String> QUERY_RATES =
      List.of("qps", "readsPerSecond", "writesPerSecond", "othersPerSecond");
  private static final String OPERATIONS = "operations";
  private static final String COST = "cost";
  private static final List<String> COST_FIGURES = List.of("perHour", "window");
  private static final List<String> LATER_COST_FIGURES = List.of("perMillionIterations");
  private static final List<String> OPERATION_COUNTS =
      List.of("count", "declined", "errors", "inDoubt");
  private static final List<String> OPERATION_FIGURES =
      List.of("tps", "meanMs", "p50Ms", "p95Ms", "p99Ms", "p999Ms", "maxMs");

  private SummaryFields() {}

  /** The top-level fields checked, each a component of one of {@link SummaryFile}'s parts. */
  static List<String> names() {
    return java.util.stream.Stream.of(
            List.of(
                "target",
                "workload",
                "embedded",
                "stoppedBeforeMeasuring",
                "server",
                "verification",
                "client",
                COST,
                "options",
                RESPONSE_TIMES,
                QUERIES,
                OPERATIONS),
            TEXTS,
            INSTANTS,
            NUMBERS,
            COUNTS,
            LATER_COUNTS)
        .flatMap(List::stream)
        .toList();
  }

  /** The percentiles checked, each a component of {@link SummaryFile.Percentiles}. */
  public static List<String> percentiles() {
    return PERCENTILES;
  }

  /** Throws, with one line that names {@code file} and the field, if a field is wrong. */
  static void check(Path file, JsonNode summary) throws IOException {
    for (String field : List.of("target", "workload")) {
      if (!summary.isObject() || !summary.path(field).isTextual()) {
        throw new IOException(file + " is not a txbench summary: no \"" + field + "\" in it");
      }
    }
    for (String field : TEXTS) {
      require(file, summary, field, "text", JsonNode::isTextual);
    }
    for (String field : INSTANTS) {
      require(
          file,
          summary,
          field,
          "a time such as 2026-01-01T12:00:00Z",
          n -> n.isTextual() && instant(n.asText()) != null);
    }
    for (String field : NUMBERS) {
      require(file, summary, field, "a number of 0 or more", SummaryFields::amount);
    }
    for (String field : COUNTS) {
      require(file, summary, field, "a whole number of 0 or more", SummaryFields::count);
    }
    for (String field : LATER_COUNTS) {
      optional(file, summary, field, "a whole number of 0 or more", SummaryFields::count);
    }
    optional(file, summary, "embedded", "true or false", JsonNode::isBoolean);
    optional(file, summary, "stoppedBeforeMeasuring", "true or false", JsonNode::isBoolean);
    optional(file, summary, "server", "text", JsonNode::isTextual);
    optional(file, summary, "verification", "an object", n -> n.isObject() || n.isNull());
    optional(file, summary, "client", "an object", n -> n.isObject() || n.isNull());
    JsonNode metrics = summary.path("options").path("metrics");
    if (!metrics.isMissingNode()
        && !metrics.isNull()
        && (!metrics.isTextual() || duration(metrics.asText()) == null)) {
      throw wrong(file, "options.metrics", metrics, "a duration such as PT10S");
    }
    checkBreakdown(file, summary);
    require(file, summary, RESPONSE_TIMES, "an object of percentiles", JsonNode::isObject);
    for (String key : PERCENTILES) {
      require(
          file,
          summary.get(RESPONSE_TIMES),
          key,
          RESPONSE_TIMES + "." + key,
          "a number of 0 or more",
          SummaryFields::amount);
    }
  }

  /**
   * queries, operations and cost, when the summary has them: all of their figures, each of its type
   * (but a cost per million, left out of a run that completed no iteration).
   */
  private static void checkBreakdown(Path file, JsonNode summary) throws IOException {
    optional(file, summary, COST, "an object", JsonNode::isObject);
    JsonNode cost = summary.get(COST);
    if (cost != null) {
      figures(file, cost, COST, List.of(), COST_FIGURES);
      for (String key : LATER_COST_FIGURES) {
        optional(file, cost, key, COST + "." + key, "a number of 0 or more", SummaryFields::amount);
      }
    }
    optional(file, summary, QUERIES, "an object", JsonNode::isObject);
    JsonNode queries = summary.get(QUERIES);
    if (queries != null) {
      figures(file, queries, QUERIES, QUERY_COUNTS, QUERY_RATES);
    }
    optional(file, summary, OPERATIONS, "an object", JsonNode::isObject);
    JsonNode operations = summary.get(OPERATIONS);
    if (operations != null) {
      for (var op : operations.properties()) {
        String shown = OPERATIONS + "." + op.getKey();
        if (!op.getValue().isObject()) {
          throw wrong(file, shown, op.getValue(), "an object");
        }
        figures(file, op.getValue(), shown, OPERATION_COUNTS, OPERATION_FIGURES);
      }
    }
  }

  /** The {@code counts} and {@code amounts} of the object {@code node}, shown as {@code shown}. */
  private static void figures(
      Path file, JsonNode node, String shown, List<String> counts, List<String> amounts)
      throws IOException {
    for (String key : counts) {
      require(
          file, node, key, shown + "." + key, "a whole number of 0 or more", SummaryFields::count);
    }
    for (String key : amounts) {
      require(file, node, key, shown + "." + key, "a number of 0 or more", SummaryFields::amount);
    }
  }

  /** The time of an ISO-8601 instant, or null if {@code text} is none. */
  static @Nullable Instant instant(String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** The --metrics period a summary's options record, or null if it is none. */
  static @Nullable Duration duration(@Nullable Object option) {
    if (!(option instanceof String text)) {
      return null;
    }
    try {
      Duration d = Duration.parse(text);
      return !d.isNegative() && !d.isZero() ? d : null;
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static boolean amount(JsonNode n) {
    return n.isNumber() && Double.isFinite(n.asDouble()) && n.asDouble() >= 0;
  }

  private static boolean count(JsonNode n) {
    return n.isIntegralNumber() && n.canConvertToLong() && n.asLong() >= 0;
  }

  private interface Check {
    boolean ok(JsonNode node);
  }

  private static void require(Path file, JsonNode summary, String field, String what, Check check)
      throws IOException {
    require(file, summary, field, field, what, check);
  }

  private static void require(
      Path file, JsonNode parent, String field, String shown, String what, Check check)
      throws IOException {
    JsonNode node = parent.get(field);
    if (node == null) {
      throw new IOException(file + " is corrupt: no \"" + shown + "\" in it");
    }
    if (!check.ok(node)) {
      throw wrong(file, shown, node, what);
    }
  }

  private static void optional(Path file, JsonNode summary, String field, String what, Check check)
      throws IOException {
    optional(file, summary, field, field, what, check);
  }

  private static void optional(
      Path file, JsonNode parent, String field, String shown, String what, Check check)
      throws IOException {
    JsonNode node = parent.get(field);
    if (node != null && !check.ok(node)) {
      throw wrong(file, shown, node, what);
    }
  }

  private static IOException wrong(Path file, String field, JsonNode node, String what) {
    String shown = node.toString();
    if (shown.length() > 40) {
      shown = shown.substring(0, 37) + "...";
    }
    return new IOException(file + " is corrupt: \"" + field + "\" is " + shown + ", not " + what);
  }
}
