package io.txbench.jdbc.workloads;

/**
 * The analytics queries on PostgreSQL: GROUPING SETS, ROLLUP and CUBE, each one pass over the
 * orders, and the pivot by aggregate FILTER clauses.
 */
final class PostgresAnalyticsSql implements AnalyticsSql {

  @Override
  public String groupingSets() {
    return AnalyticsSql.byNames("GROUPING SETS ((c.name, p.name), (s.name), ())");
  }

  @Override
  public String rollup() {
    return AnalyticsSql.byNames("ROLLUP (c.name, s.name, p.name)");
  }

  @Override
  public String cube() {
    return """
        SELECT s.name AS salesperson, p.name AS product, %s
        %s
        GROUP BY CUBE (s.name, p.name)"""
        .formatted(MEASURES, ORDERS_WITH_NAMES);
  }

  @Override
  public String pivotColumn(String name) {
    return "COALESCE(SUM(o.quantity) FILTER (WHERE s.name = %s), 0) AS %s"
        .formatted(AnalyticsSql.literal(name), identifier(name));
  }

  @Override
  public String identifier(String name) {
    return AnalyticsSql.quoted(name, '"');
  }
}
