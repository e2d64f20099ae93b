package io.txbench.jdbc.client;

/**
 * The servers whose SQL, beyond the standard, and whose transactions behave alike. A workload whose
 * statements standard SQL cannot write, or whose reads depend on how a server keeps its isolation,
 * keeps one variant per family and takes its dialect's ({@link SqlDialect#family}).
 */
public enum SqlFamily {
  /** PostgreSQL: ON CONFLICT, GROUPING SETS, aggregate FILTER; REPEATABLE READ aborts a writer. */
  POSTGRESQL,
  /** MySQL and MariaDB on InnoDB: ON DUPLICATE KEY, WITH ROLLUP; REPEATABLE READ updates. */
  MYSQL
}
