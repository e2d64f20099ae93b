package io.txbench.core.metrics;

import io.txbench.core.spi.Queries;
import io.txbench.core.spi.Workload;
import java.util.List;
import java.util.Map;

/**
 * What a period or a run did beyond its iterations, for the workloads that say: each operation of a
 * mix apart ({@link Workload#operations()}, in their declared order), and the statements run
 * ({@link Queries}, for sysbench's qps and its read/write/other split), and, for a run's whole,
 * each timed statement of a script ({@link StatementStats}). Empty for a workload of one statement
 * per iteration.
 */
public record Breakdown(
    Map<String, OperationStats> operations, Queries queries, List<StatementStats> statements) {
  public static final Breakdown NONE = new Breakdown(Map.of(), Queries.NONE);

  public Breakdown {
    statements = List.copyOf(statements);
  }

  /** A breakdown of no timed statements. */
  public Breakdown(Map<String, OperationStats> operations, Queries queries) {
    this(operations, queries, List.of());
  }

  /** The same, with the run's timed statements (a script's, pgbench's {@code -r}). */
  public Breakdown withStatements(List<StatementStats> timed) {
    return new Breakdown(operations, queries, timed);
  }

  /**
   * The same times, with the counts (declined, errors, in doubt, statements) less those of {@code
   * earlier}: a period's, from two cumulative counts.
   */
  public Breakdown countsSince(Breakdown earlier) {
    Map<String, OperationStats> ops = new java.util.LinkedHashMap<>();
    operations.forEach(
        (name, stats) -> {
          OperationStats before = earlier.operations.get(name);
          ops.put(
              name,
              before == null
                  ? stats
                  : new OperationStats(
                      stats.responseTimes(),
                      stats.declined() - before.declined(),
                      stats.errors() - before.errors(),
                      stats.inDoubt() - before.inDoubt()));
        });
    return new Breakdown(ops, queries.minus(earlier.queries));
  }
}
