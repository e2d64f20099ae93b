package io.txbench.core.workloads;

import io.txbench.core.data.AnalyticsData;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The six queries of the analytics workload, what each asks of the order schema ({@link
 * AnalyticsData}), and the columns of its answer, the same on every target: each target expresses
 * the question in its own language and hands its rows over in these columns, in this order, a
 * rolled-up name as null. The measures of the grouping queries are {@code orders} (the count),
 * {@code quantity} (its sum) and {@code revenue} (the sum of price x quantity).
 */
public enum AnalyticsQuery {
  /**
   * The 100 orders of customer {@link AnalyticsData#joinCustomer()} with the highest ids, with the
   * names of their customer, salesperson and product: {@code ord} joined with the three others.
   */
  JOIN(
      "join",
      "the 100 latest orders of one customer, joined with the names of customer, salesperson and"
          + " product",
      "order_id customer salesperson product price quantity"),
  /** Every order grouped by the three names, with the count and the sums of every number. */
  GROUP_BY(
      "group-by",
      "every order grouped by customer, salesperson and product name, with sums",
      "customer salesperson product orders quantity revenue beta gamma theta vega vanna"),
  /** GROUPING SETS ((customer, product), (salesperson), ()). */
  GROUPING_SETS(
      "grouping-sets",
      "grouping sets (customer, product), (salesperson) and the grand total",
      "customer salesperson product orders quantity revenue"),
  /** ROLLUP (customer, salesperson, product): the groups, their subtotals and the grand total. */
  ROLLUP(
      "rollup",
      "rollup of customer, salesperson, product",
      "customer salesperson product orders quantity revenue"),
  /** CUBE (salesperson, product): every combination of the two, each alone, and the total. */
  CUBE("cube", "cube of salesperson and product", "salesperson product orders quantity revenue"),
  /**
   * The quantity sold of each product name (a row) by each salesperson name (a column, in the order
   * of {@link AnalyticsData#salesNames()}, 0 where none sold), as a spreadsheet pivots it.
   */
  PIVOT("pivot", "quantity by product (rows) and salesperson (columns)", "product");

  /** The rows the join returns at most. */
  public static final int JOIN_LIMIT = 100;

  private final String queryName;
  private final String description;

  @SuppressWarnings("ImmutableEnumChecker") // List.of: unmodifiable, though List's type says not
  private final List<String> columns;

  /** {@code columns}: their names, separated by single spaces. */
  AnalyticsQuery(String queryName, String description, String columns) {
    this.queryName = queryName;
    this.description = description;
    this.columns = List.of(columns.split(" "));
  }

  /** The {@code --query} name: {@code grouping-sets}. */
  public String queryName() {
    return queryName;
  }

  public String description() {
    return description;
  }

  /** The columns of its answer, in order; the pivot's end with one per salesperson name. */
  public List<String> columns() {
    return this != PIVOT
        ? columns
        : Stream.concat(columns.stream(), AnalyticsData.salesNames().stream()).toList();
  }

  /** Whether its answer has the grand-total row (every name null), whose orders count them all. */
  public boolean hasGrandTotal() {
    return this == GROUPING_SETS || this == ROLLUP || this == CUBE;
  }

  /** The query of {@code --query} name {@code name}. */
  public static AnalyticsQuery named(String name) {
    return Arrays.stream(values())
        .filter(q -> q.queryName.equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown query " + name));
  }

  /** Every query's name, in order. */
  public static List<String> names() {
    return Arrays.stream(values()).map(AnalyticsQuery::queryName).toList();
  }
}
