package io.txbench.jdbc.workloads;

import io.txbench.core.data.AnalyticsData;
import io.txbench.core.workloads.AnalyticsQuery;
import io.txbench.jdbc.client.SqlDialect;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The analytics queries ({@link AnalyticsQuery}) in one SQL dialect: each one statement, its
 * columns those of the query's answer in order, a rolled-up name SQL NULL. The join and the group
 * by are standard SQL, the same on every server; the dialect writes the rollup, the pivot's sums
 * and its quoted names, and says whether the server has GROUPING SETS and CUBE. Where it has not
 * (MySQL, MariaDB), the groupings are a UNION ALL, the cube a rollup and the grouping it lacks. No
 * GROUPING(): a name is never NULL, so a NULL name is a rolled-up one (and MariaDB has no
 * GROUPING()).
 */
final class AnalyticsSql {

  /** Every order with the names of its customer, salesperson and product. */
  private static final String ORDERS_WITH_NAMES =
      """
      FROM ord o
        JOIN customer c ON c.id = o.customer_id
        JOIN sales s ON s.id = o.sales_id
        JOIN product p ON p.id = o.product_id""";

  /** The measures of every grouping query: the count, the quantity, and the revenue (exact). */
  private static final String MEASURES =
      "COUNT(*) AS orders, SUM(o.quantity) AS quantity, SUM(o.price * o.quantity) AS revenue";

  private final SqlDialect dialect;

  /** The queries as {@code dialect} writes them. */
  AnalyticsSql(SqlDialect dialect) {
    this.dialect = dialect;
  }

  /** The join: its one parameter is the customer's id ({@link AnalyticsData#joinCustomer()}). */
  String join() {
    return """
        SELECT o.id AS order_id, c.name AS customer, s.name AS salesperson, p.name AS product,
          o.price, o.quantity
        %s
        WHERE o.customer_id = ?
        ORDER BY o.id DESC
        LIMIT %d"""
        .formatted(ORDERS_WITH_NAMES, AnalyticsQuery.JOIN_LIMIT);
  }

  String groupBy() {
    return """
        SELECT c.name AS customer, s.name AS salesperson, p.name AS product, %s,
          SUM(o.beta) AS beta, SUM(o.gamma) AS gamma, SUM(o.theta) AS theta,
          SUM(o.vega) AS vega, SUM(o.vanna) AS vanna
        %s
        GROUP BY c.name, s.name, p.name"""
        .formatted(MEASURES, ORDERS_WITH_NAMES);
  }

  /** The measures by customer, salesperson and product names, grouped {@code by}. */
  private static String byNames(String by) {
    return """
        SELECT c.name AS customer, s.name AS salesperson, p.name AS product, %s
        %s
        GROUP BY %s"""
        .formatted(MEASURES, ORDERS_WITH_NAMES, by);
  }

  /** Grouping sets (customer, product), (salesperson) and the grand total. */
  String groupingSets() {
    if (dialect.groupingSets()) {
      return byNames("GROUPING SETS ((c.name, p.name), (s.name), ())");
    }
    return """
        SELECT c.name AS customer, NULL AS salesperson, p.name AS product, %1$s
        %2$s
        GROUP BY c.name, p.name
        UNION ALL
        SELECT NULL, s.name, NULL, %1$s
        %2$s
        GROUP BY s.name
        UNION ALL
        SELECT NULL, NULL, NULL, %1$s
        %2$s"""
        .formatted(MEASURES, ORDERS_WITH_NAMES);
  }

  /** Rollup of customer, salesperson, product. */
  String rollup() {
    return byNames(dialect.rollup("c.name, s.name, p.name"));
  }

  /** Cube of salesperson and product; without CUBE, their rollup and the grouping by product. */
  String cube() {
    if (dialect.groupingSets()) {
      return """
          SELECT s.name AS salesperson, p.name AS product, %s
          %s
          GROUP BY CUBE (s.name, p.name)"""
          .formatted(MEASURES, ORDERS_WITH_NAMES);
    }
    return """
        SELECT * FROM (
          SELECT s.name AS salesperson, p.name AS product, %1$s
          %2$s
          GROUP BY %3$s
        ) by_salesperson
        UNION ALL
        SELECT NULL, p.name, %1$s
        %2$s
        GROUP BY p.name"""
        .formatted(MEASURES, ORDERS_WITH_NAMES, dialect.rollup("s.name, p.name"));
  }

  /**
   * The quantity by product (rows) and salesperson name (a column each, 0 where none): the sum of
   * the quantity of the orders each name sold, named after it.
   */
  String pivot() {
    String columns =
        AnalyticsData.salesNames().stream()
            .map(
                name ->
                    "  "
                        + dialect.sumWhere("o.quantity", "s.name = " + literal(name))
                        + " AS "
                        + dialect.identifier(name))
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

  String sql(AnalyticsQuery query) {
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

  List<String> statements(List<AnalyticsQuery> queries) {
    return queries.stream().map(this::sql).toList();
  }
}
