package io.txbench.api;

/**
 * Where a benchmark run from Java code starts: the target and how to reach it. The rest of the run
 * (workload, threads, length, thresholds, result directory) is set on the {@link BenchmarkBuilder}
 * it returns, and {@link BenchmarkBuilder#run()} runs it in this process:
 *
 * <pre>{@code
 * BenchmarkResult result =
 *     Txbench.postgres(container.getJdbcUrl())
 *         .user(container.getUsername())
 *         .password(container.getPassword())
 *         .workload("point-select")
 *         .parallelism(8)
 *         .duration(Duration.ofSeconds(10))
 *         .threshold("p99<20ms")
 *         .run();
 * }</pre>
 */
public final class Txbench {
  private Txbench() {}

  /** A benchmark of {@code target} ({@code postgres}, {@code mysql}, {@code mongo}). */
  public static BenchmarkBuilder target(String target) {
    return new BenchmarkBuilder(target);
  }

  /** A benchmark of the PostgreSQL server at {@code jdbcUrl}. */
  public static BenchmarkBuilder postgres(String jdbcUrl) {
    return target("postgres").url(jdbcUrl);
  }

  /** A benchmark of the MySQL or MariaDB server at {@code jdbcUrl}. */
  public static BenchmarkBuilder mysql(String jdbcUrl) {
    return target("mysql").url(jdbcUrl);
  }

  /** A benchmark of the MongoDB deployment at {@code connectionString}. */
  public static BenchmarkBuilder mongo(String connectionString) {
    return target("mongo").url(connectionString);
  }
}
