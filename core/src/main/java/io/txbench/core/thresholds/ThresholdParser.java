package io.txbench.core.thresholds;

import io.txbench.core.thresholds.Threshold.Comparison;
import io.txbench.core.thresholds.Threshold.Metric;
import io.txbench.core.thresholds.Threshold.Unit;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@code --threshold} expression. Every refusal is one line that quotes the expression as
 * given and says what is wrong, with the form that would do.
 */
final class ThresholdParser {
  /** A name, then a comparison made of these characters, then a limit; each may be empty. */
  private static final Pattern FORM = Pattern.compile("([^<>=!]*)([<>=!]*)(.*)");

  /** A number without sign or exponent, then its unit. */
  private static final Pattern LIMIT = Pattern.compile("(\\d+(?:\\.\\d+)?|\\.\\d+)(\\D*)");

  /** The most of an expression, or a part of it, that a refusal quotes. */
  private static final int SHOWN = 60;

  private final String expression;

  private ThresholdParser(String expression) {
    this.expression = expression;
  }

  static Threshold parse(String expression) {
    String given = expression == null ? "" : expression.strip();
    return new ThresholdParser(given).parse();
  }

  private Threshold parse() {
    String compact = expression.replaceAll("\\s+", "").toLowerCase(Locale.ROOT);
    if (compact.isEmpty()) {
      throw refused("empty: give a metric, a comparison and a limit, as in p99<20ms");
    }
    Matcher m = FORM.matcher(compact);
    if (!m.matches()) {
      throw new IllegalStateException("every string matches " + FORM);
    }
    String given = m.group(1);
    String name = given;
    int dot = name.lastIndexOf('.');
    Optional<String> operation = Optional.empty();
    if (dot >= 0) {
      operation = Optional.of(operation(name.substring(0, dot)));
      name = name.substring(dot + 1);
    }
    Metric metric = metric(name, given);
    if (operation.isPresent() && !metric.perOperation()) {
      throw refused(
          metric.label()
              + " is the run's, not one operation's: write it alone; an operation has "
              + Metric.perOperationNames());
    }
    String symbol = m.group(2);
    if (metric == Metric.VERIFICATION) {
      if (!symbol.isEmpty() || !m.group(3).isEmpty()) {
        throw refused(
            "verification takes no comparison: write it alone (it passes when verify passed)");
      }
      return new Threshold(expression, metric, Comparison.EQUAL, 1, Unit.PASSED, Optional.empty());
    }
    if (symbol.isEmpty()) {
      throw refused("no comparison; one of " + Comparison.symbols() + ", as in p99<20ms");
    }
    Comparison comparison = comparison(symbol);
    String limitText = m.group(3);
    if (limitText.isEmpty()) {
      throw refused("no limit after " + symbol);
    }
    Matcher limit = LIMIT.matcher(limitText);
    if (!limit.matches()) {
      throw refused(
          "'" + shortened(limitText) + "' is not a limit: a number (not negative) and its unit");
    }
    double value = Double.parseDouble(limit.group(1));
    Unit unit = unit(metric, limit.group(1), limit.group(2));
    return new Threshold(expression, metric, comparison, value, unit, operation);
  }

  /** The operation before the dot of {@code update.p99}, if it names one. */
  private String operation(String name) {
    if (name.isEmpty()) {
      throw refused("no operation before the '.'; as in update.p99<10ms");
    }
    return name;
  }

  /** The metric {@code name} is; a refusal quotes {@code given}, the operation's name with it. */
  private Metric metric(String name, String given) {
    return Arrays.stream(Metric.values())
        .filter(metric -> metric.label().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                refused(
                    (given.isEmpty() ? "no metric" : "unknown metric '" + shortened(given) + "'")
                        + "; one of: "
                        + Metric.names()
                        + ", or one operation's as in update.p99"));
  }

  private Comparison comparison(String symbol) {
    return Arrays.stream(Comparison.values())
        .filter(comparison -> comparison.symbol().equals(symbol))
        .findFirst()
        .orElseThrow(
            () ->
                refused(
                    "unknown comparison '"
                        + shortened(symbol)
                        + "'; one of: "
                        + Comparison.symbols()));
  }

  /** The unit {@code suffix} names, if {@code metric} takes it. */
  private Unit unit(Metric metric, String number, String suffix) {
    return switch (metric.kind()) {
      case TIME -> time(metric, suffix);
      case RATE -> {
        boolean qps = metric == Metric.QPS;
        if (!suffix.isEmpty()) {
          throw refused(
              qps
                  ? "qps takes a plain number of statements per second, as in qps>=1000"
                  : "tps takes a plain number of iterations per second, as in tps>=1500");
        }
        yield qps ? Unit.QUERIES_PER_SECOND : Unit.PER_SECOND;
      }
      case OUTCOME -> {
        if (suffix.equals("%")) {
          if (Double.parseDouble(number) > 100) {
            throw refused(
                "a share of the iterations that ended is 0% to 100%, not " + number + "%");
          }
          yield Unit.PERCENT;
        }
        if (!suffix.isEmpty()) {
          throw refused(
              metric.label()
                  + " takes a count ("
                  + metric.label()
                  + "<10) or a percentage of the iterations that ended ("
                  + metric.label()
                  + "<0.1%), not '"
                  + shortened(suffix)
                  + "'");
        }
        if (number.contains(".")) {
          throw refused(
              "a count is a whole number; for a share of the iterations, a percentage ("
                  + metric.label()
                  + "<0.1%)");
        }
        yield Unit.COUNT;
      }
      case VERDICT -> throw new IllegalStateException("verification takes no limit");
    };
  }

  private Unit time(Metric metric, String suffix) {
    return switch (suffix) {
      case "us", "µs" -> Unit.MICROSECONDS;
      case "ms" -> Unit.MILLISECONDS;
      case "s" -> Unit.SECONDS;
      case "" ->
          throw refused("a time needs a unit (us, ms, s), as in " + metric.label() + "<20ms");
      default ->
          throw refused("unknown unit '" + shortened(suffix) + "' for a time; one of: us, ms, s");
    };
  }

  private IllegalArgumentException refused(String why) {
    return new IllegalArgumentException("'" + shortened(expression) + "': " + why);
  }

  /** {@code text} on one line, its start only when long: a pasted blob stays a short refusal. */
  private static String shortened(String text) {
    String line = text.replaceAll("\\s*\\R\\s*", " ");
    return line.length() <= SHOWN ? line : line.substring(0, SHOWN - 3) + "...";
  }
}
