package io.txbench.core.thresholds;

import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Workload;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A pass/fail condition on a run's figures, as {@code --threshold} writes it: a {@code metric}, a
 * {@code comparison} and a {@code limit} in a {@code unit} ({@code p99<20ms}, {@code tps>=1500},
 * {@code errors<0.1%}, {@code qps>1000}), or {@code verification} alone. With an {@code operation}
 * ({@code update.p99<10ms}) it holds one operation of a mix ({@link Workload#operations()}) to its
 * own figures. {@link #parse} reads one, {@link #check} holds it against a finished run.
 */
public record Threshold(
    String expression,
    Metric metric,
    Comparison comparison,
    double limit,
    Unit unit,
    Optional<String> operation) {

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
    /** Statements per second, as sysbench counts its queries; the run's only, never one op's. */
    QPS("qps", Kind.RATE),
    ERRORS("errors", Kind.OUTCOME),
    RETRIES("retries", Kind.OUTCOME),
    IN_DOUBT("in-doubt", Kind.OUTCOME),
    DECLINED("declined", Kind.OUTCOME),
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

    /**
     * Whether one operation of a mix has this figure of its own: not retries (counted for the run
     * only), qps (statements are counted for the run) nor verification.
     */
    public boolean perOperation() {
      return this != RETRIES && this != QPS && kind != Kind.VERDICT;
    }

    /** "p50, ..., declined": the names an operation's threshold may use. */
    static String perOperationNames() {
      return Arrays.stream(values())
          .filter(Metric::perOperation)
          .map(Metric::label)
          .collect(Collectors.joining(", "));
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
   * {@code s}), iterations or statements per second, a count, a percentage of the iterations that
   * ended, or {@code passed} (1 when verify passed, else 0).
   */
  public enum Unit {
    MICROSECONDS("us", 1e3),
    MILLISECONDS("ms", 1e6),
    SECONDS("s", 1e9),
    PER_SECOND("tps", 1),
    QUERIES_PER_SECOND("qps", 1),
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

    /** A time in nanoseconds in this unit. */
    double ofNanos(double nanos) {
      return nanos / this.nanos;
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
   * threshold's unit. A figure the run could not measure (a time with no iteration completed, a
   * share of no iteration ended, an operation the run did not have, statements of a workload that
   * does not count them) is NaN, and fails, with the reason in the verdict.
   */
  public ThresholdVerdict check(RunResult result, Verification verification) {
    if (metric == Metric.VERIFICATION) {
      boolean passed = verification.passed();
      return new ThresholdVerdict(
          expression, passed ? 1 : 0, unit.symbol(), passed, Optional.empty());
    }
    ThresholdFigure figure = ThresholdFigure.of(this, result);
    boolean passed = figure.measured() && comparison.holds(figure.value(), limit);
    return new ThresholdVerdict(
        expression, figure.value(), unit.symbol(), passed, figure.whyNotMeasured());
  }

  /**
   * Why this threshold could never be measured in a run of {@code operations} (a mix's, in order):
   * it names an operation not among them. Empty when it could be.
   */
  public Optional<String> refusalFor(List<String> operations) {
    return operation.flatMap(
        name ->
            ThresholdFigure.find(name, operations).isPresent()
                ? Optional.empty()
                : Optional.of(
                    "'" + expression + "': " + ThresholdFigure.noSuchOperation(name, operations)));
  }
}
