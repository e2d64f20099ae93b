package io.txbench.jdbc.workloads;

/**
 * The analytics queries on MySQL 8 and MariaDB, the same text for both: WITH ROLLUP where it serves
 * (the rollup, and three of the cube's four groupings), UNION ALL of the groupings where it does
 * not (neither has GROUPING SETS or CUBE), the pivot by CASE. No GROUPING(): a name is never NULL,
 * so a NULL name is a rolled-up one (and MariaDB has no GROUPING()).
 */
final class MySqlAnalyticsSql implements AnalyticsSql {

  @Override
  public String groupingSets() {
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

  @Override
  public String rollup() {
    return AnalyticsSql.byNames("c.name, s.name, p.name WITH ROLLUP");
  }

  /** The rollup of (salesperson, product), and the grouping it lacks: by product alone. */
  @Override
  public String cube() {
    return """
        SELECT * FROM (
          SELECT s.name AS salesperson, p.name AS product, %1$s
          %2$s
          GROUP BY s.name, p.name WITH ROLLUP
        ) by_salesperson
        UNION ALL
        SELECT NULL, p.name, %1$s
        %2$s
        GROUP BY p.name"""
        .formatted(MEASURES, ORDERS_WITH_NAMES);
  }

  @Override
  public String pivotColumn(String name) {
    return "SUM(CASE WHEN s.name = %s THEN o.quantity ELSE 0 END) AS %s"
        .formatted(AnalyticsSql.literal(name), identifier(name));
  }

  @Override
  public String identifier(String name) {
    return AnalyticsSql.quoted(name, '`');
  }
}
