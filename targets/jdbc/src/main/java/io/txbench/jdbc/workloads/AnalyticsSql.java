package io.txbench.jdbc.workloads;

import io.txbench.core.data.AnalyticsData;
import io.txbench.core.workloads.AnalyticsQuery;
import io.txbench.jdbc.client.SqlFamily;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The analytics queries ({@link AnalyticsQuery}) in one SQL dialect: each one statement, its
 * columns those of the query's answer in order, a rolled-up name SQL NULL. The join and the group
 * by are standard SQL, the same on every server; a dialect writes the grouping sets, the rollup,
 * the cube and the pivot's columns in its own way.
 */
interface AnalyticsSql {

  /** The queries as servers of {@code family} write them. */
  static AnalyticsSql of(SqlFamily family) {
    return switch (family) {
      case POSTGRESQL -> new PostgresAnalyticsSql();
      case MYSQL -> new MySqlAnalyticsSql();
    };
  }

  /** Every order with the names of its customer, salesperson and product. */
  String ORDERS_WITH_NAMES =
      """
      FROM ord o
        JOIN customer c ON c.id = o.customer_id
        JOIN sales s ON s.id = o.sales_id
        JOIN product p ON p.id = o.product_id""";

  /** The measures of every grouping query: the count, the quantity, and the revenue (exact). */
  String MEASURES =
      "COUNT(*) AS orders, SUM(o.quantity) AS quantity, SUM(o.price * o.quantity) AS revenue";

  /** The join: its one parameter is the customer's id ({@link AnalyticsData#joinCustomer()}). */
  default String join() {
    return """
        SELECT o.id AS order_id, c.name AS customer, s.name AS salesperson, p.name AS product,
          o.price, o.quantity
        %s
        WHERE o.customer_id = ?
        ORDER BY o.id DESC
        LIMIT %d"""
        .formatted(ORDERS_WITH_NAMES, AnalyticsQuery.JOIN_LIMIT);
  }

  default String groupBy() {
    return """
        SELECT c.name AS customer, s.name AS salesperson, p.name AS product, %s,
          SUM(o.beta) AS beta, SUM(o.gamma) AS gamma, SUM(o.theta) AS theta,
          SUM(o.vega) AS vega, SUM(o.vanna) AS vanna
        %s
        GROUP BY c.name, s.name, p.name"""
        .formatted(MEASURES, ORDERS_WITH_NAMES);
  }

  /** The measures by customer, salesperson and product names, grouped {@code by}. */
  static String byNames(String by) {
    return """
        SELECT c.name AS customer, s.name AS salesperson, p.name AS product, %s
        %s
        GROUP BY %s"""
        .formatted(MEASURES, ORDERS_WITH_NAMES, by);
  }

  /** Grouping sets (customer, product), (salesperson) and the grand total. */
  String groupingSets();

  /** Rollup of customer, salesperson, product. */
  String rollup();

  /** Cube of salesperson and product. */
  String cube();

  /** The quantity by product (rows) and salesperson name (a column each, 0 where none). */
  default String pivot() {
    String columns =
        AnalyticsData.salesNames().stream()
            .map(name -> "  " + pivotColumn(name))
            .collect(Collectors.joining(",\n"));
    return """
        SELECT p.name AS product,
        %s
        FROM ord o
          JOIN sales s ON s.id = o.sales_id
          JOIN product p ON p.id = o.product_id
        GROUP BY p.name"""
        .formatted(columns);
  }

  /**
   * The pivot's column of salesperson name {@code name}: the sum of the quantity of the orders that
   * salesperson names sold, 0 where none, named {@code name} ({@link #literal}, {@link
   * #identifier}).
   */
  String pivotColumn(String name);

  /** {@code name} as this dialect quotes a column name. */
  String identifier(String name);

  default String sql(AnalyticsQuery query) {
    return switch (query) {
      case JOIN -> join();
      case GROUP_BY -> groupBy();
      case GROUPING_SETS -> groupingSets();
      case ROLLUP -> rollup();
      case CUBE -> cube();
      case PIVOT -> pivot();
    };
  }

  /**
   * {@code text} as a string literal that means the same on every server: quotes doubled, and no
   * backslash or control character, whose meaning depends on the server's settings (MySQL's
   * NO_BACKSLASH_ESCAPES, PostgreSQL's standard_conforming_strings).
   */
  static String literal(String text) {
    if (text.chars().anyMatch(ch -> ch == '\\' || Character.isISOControl(ch))) {
      throw new IllegalArgumentException("a name txbench cannot quote safely: " + text);
    }
    return "'" + text.replace("'", "''") + "'";
  }

  /** {@code name} between {@code quote} characters, each one inside doubled. */
  static String quoted(String name, char quote) {
    String q = String.valueOf(quote);
    return q + name.replace(q, q + q) + q;
  }

  default List<String> statements(List<AnalyticsQuery> queries) {
    return queries.stream().map(this::sql).toList();
  }
}
