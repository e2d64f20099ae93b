package io.txbench.core;

import java.util.Arrays;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * A pass/fail condition on a run's figures, as {@code --threshold} writes it: a {@code metric}, a
 * {@code comparison} and a {@code limit} in a {@code unit} ({@code p99<20ms}, {@code tps>=1500},
 * {@code errors<0.1%}), or {@code verification} alone. {@link #parse} reads one, {@link #check}
 * holds it against a finished run.
 */
public record Threshold(
    String expression, Metric metric, Comparison comparison, double limit, Unit unit) {

  /** What a threshold measures, by the name an expression gives it. */
  public enum Metric {
    P50("p50", Kind.TIME),
    P75("p75", Kind.TIME),
    P90("p90", Kind.TIME),
    P95("p95", Kind.TIME),
    P99("p99", Kind.TIME),
    P999("p999", Kind.TIME),
    MAX("max", Kind.TIME),
    MEAN("mean", Kind.TIME),
    TPS("tps", Kind.RATE),
    ERRORS("errors", Kind.OUTCOME),
    RETRIES("retries", Kind.OUTCOME),
    IN_DOUBT("in-doubt", Kind.OUTCOME),
    VERIFICATION("verification", Kind.VERDICT);

    /** What sort of figure a metric is, which decides the units its limit takes. */
    public enum Kind {
      TIME,
      RATE,
      OUTCOME,
      VERDICT
    }

    private final String label;
    private final Kind kind;

    Metric(String label, Kind kind) {
      this.label = label;
      this.kind = kind;
    }

    public String label() {
      return label;
    }

    public Kind kind() {
      return kind;
    }

    /** "p50, p75, ..., verification": the names an expression may use. */
    static String names() {
      return Arrays.stream(values()).map(Metric::label).collect(Collectors.joining(", "));
    }
  }

  /** How the measured figure must compare with the limit. */
  public enum Comparison {
    LESS("<"),
    AT_MOST("<="),
    GREATER(">"),
    AT_LEAST(">="),
    EQUAL("=="),
    NOT_EQUAL("!=");

    private final String symbol;

    Comparison(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }

    public boolean holds(double measured, double limit) {
      return switch (this) {
        case LESS -> measured < limit;
        case AT_MOST -> measured <= limit;
        case GREATER -> measured > limit;
        case AT_LEAST -> measured >= limit;
        case EQUAL -> measured == limit;
        case NOT_EQUAL -> measured != limit;
      };
    }

    /** "<, <=, >, >=, ==, !=". */
    static String symbols() {
      return Arrays.stream(values()).map(Comparison::symbol).collect(Collectors.joining(", "));
    }
  }

  /**
   * The unit of a limit and of the figure measured against it: a time's ({@code us}, {@code ms},
   * {@code s}), iterations per second, a count, a percentage of the iterations that ended, or
   * {@code passed} (1 when verify passed, else 0).
   */
  public enum Unit {
    MICROSECONDS("us", 1e3),
    MILLISECONDS("ms", 1e6),
    SECONDS("s", 1e9),
    PER_SECOND("tps", 1),
    COUNT("count", 1),
    PERCENT("%", 1),
    PASSED("passed", 1);

    private final String symbol;

    /** For a time, the nanoseconds in one of this unit. */
    private final double nanos;

    Unit(String symbol, double nanos) {
      this.symbol = symbol;
      this.nanos = nanos;
    }

    public String symbol() {
      return symbol;
    }
  }

  /**
   * Reads {@code expression}: spaces are allowed anywhere, metric names and units in any case.
   *
   * @throws IllegalArgumentException with a one-line message that quotes the expression and says
   *     what is wrong with it
   */
  public static Threshold parse(String expression) {
    return ThresholdParser.parse(expression);
  }

  /**
   * Holds this threshold against a finished run: the verdict carries the figure measured, in this
   * threshold's unit. A figure the run could not measure, a time with no iteration completed or a
   * share of no iteration ended, is NaN, and fails.
   */
  public ThresholdVerdict check(RunResult result, Verification verification) {
    if (metric == Metric.VERIFICATION) {
      boolean passed = verification.passed();
      return new ThresholdVerdict(expression, passed ? 1 : 0, unit.symbol(), passed);
    }
    OptionalDouble measured = measure(result);
    double figure = measured.orElse(Double.NaN);
    boolean passed = measured.isPresent() && comparison.holds(figure, limit);
    return new ThresholdVerdict(expression, figure, unit.symbol(), passed);
  }

  private OptionalDouble measure(RunResult r) {
    return switch (metric.kind()) {
      case TIME -> time(r.responseTimes());
      case RATE -> OptionalDouble.of(r.tps());
      case OUTCOME -> outcome(r);
      case VERDICT -> throw new IllegalStateException("verification is no figure");
    };
  }

  private OptionalDouble time(Histogram h) {
    if (h.getTotalCount() == 0) {
      return OptionalDouble.empty();
    }
    double nanos =
        switch (metric) {
          case P50 -> h.getValueAtPercentile(50);
          case P75 -> h.getValueAtPercentile(75);
          case P90 -> h.getValueAtPercentile(90);
          case P95 -> h.getValueAtPercentile(95);
          case P99 -> h.getValueAtPercentile(99);
          case P999 -> h.getValueAtPercentile(99.9);
          case MAX -> h.getMaxValue();
          case MEAN -> h.getMean();
          default -> throw new IllegalStateException(metric + " is no time");
        };
    return OptionalDouble.of(nanos / unit.nanos);
  }

  /**
   * A count, or its share of the iterations that ended: completed (committed or declined), failed
   * or in doubt. Retries are counted against the same iterations, so their share may pass 100%.
   */
  private OptionalDouble outcome(RunResult r) {
    long count =
        switch (metric) {
          case ERRORS -> r.errors();
          case RETRIES -> r.retries();
          case IN_DOUBT -> r.inDoubt();
          default -> throw new IllegalStateException(metric + " is no outcome");
        };
    if (unit == Unit.COUNT) {
      return OptionalDouble.of(count);
    }
    long ended = r.iterations() + r.errors() + r.inDoubt();
    return ended == 0 ? OptionalDouble.empty() : OptionalDouble.of(count * 100.0 / ended);
  }
}
