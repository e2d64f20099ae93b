package io.txbench.report.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.txbench.core.spi.Verification;
import io.txbench.report.files.FakeRuns;
import io.txbench.report.files.ResultDirectory;
import io.txbench.report.files.SummaryJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs as a user makes them in an afternoon: five workloads on PostgreSQL and MariaDB at several
 * thread counts, one point-select on a larger table, each directory named as txbench names a
 * sweep's runs ({@code postgres-point-select-p8}).
 */
final class MixedRuns {
  private static final String POSTGRES = "PostgreSQL 17.2 (Debian 17.2-1.pgdg120+1)";
  private static final String MARIADB = "MariaDB 10.11.6";
  private static final Map<String, Object> ITEMS = Map.of("table-size", 10_000, "tables", 1);
  private static final Map<String, Object> OLTP = Map.of("table-size", 10_000, "tables", 4);
  private static final Map<String, Object> YCSB =
      Map.of("table-size", 100_000, "field-count", 10, "field-length", 100);
  private static final Map<String, Object> ANALYTICS =
      Map.of("scale", 0.1, "seed", 42, "query", "join");

  private MixedRuns() {}

  /** {@code options} and the isolation level every SQL run records, the same for all of them. */
  private static Map<String, Object> withIsolation(Map<String, Object> options) {
    Map<String, Object> all = new java.util.LinkedHashMap<>(options);
    all.put("sql-isolation-level", "REPEATABLE_READ");
    return all;
  }

  /** The 15 runs under {@code dir}, in the order they started. */
  static List<ResultDirectory> fifteen(Path dir) throws IOException {
    List<ResultDirectory> runs = new ArrayList<>();
    runs.add(forged(dir, "postgres", "airline", 8, Map.of(), 2345.67, 3.41));
    runs.add(forged(dir, "postgres", "airline", 64, Map.of(), 3456.78, 41.2));
    runs.add(forged(dir, "postgres", "point-select", 8, ITEMS, 18234.5, 0.52));
    runs.add(forged(dir, "postgres", "point-select", 64, ITEMS, 45010.1, 8.31));
    runs.add(forged(dir, "postgres", "oltp-read-write", 8, OLTP, 1876.25, 9.87));
    runs.add(forged(dir, "postgres", "oltp-read-write", 64, OLTP, 2950.4, 61.5));
    runs.add(forged(dir, "postgres", "ycsb-a", 8, YCSB, 9876.5, 2.2));
    runs.add(forged(dir, "postgres", "analytics", 8, ANALYTICS, 23.45, 655.25));
    runs.add(forged(dir, "mysql", "airline", 8, Map.of(), 1987.6, 4.9));
    runs.add(forged(dir, "mysql", "point-select", 8, ITEMS, 15890.3, 0.61));
    runs.add(
        forged(
            dir,
            "mysql",
            "point-select",
            8,
            Map.of("table-size", 1_000_000, "tables", 1),
            9120.4,
            1.75));
    runs.add(forged(dir, "mysql", "oltp-read-write", 8, OLTP, 1402.8, 12.4));
    runs.add(forged(dir, "mysql", "oltp-read-write", 64, OLTP, 2207.75, 88.1));
    runs.add(forged(dir, "mysql", "ycsb-a", 8, YCSB, 7410.2, 3.05));
    runs.add(forged(dir, "mysql", "analytics", 8, ANALYTICS, 31.2, 412.5));
    return runs;
  }

  /**
   * A run of {@code workload} at {@code threads} on {@code target}, its directory named as a
   * sweep's, with {@code options}, {@code tps} and a p99 of {@code p99} ms.
   */
  private static ResultDirectory forged(
      Path dir,
      String target,
      String workload,
      int threads,
      Map<String, Object> options,
      double tps,
      double p99)
      throws IOException {
    Object size = options.get("table-size");
    String name =
        target
            + "-"
            + workload
            + (Integer.valueOf(1_000_000).equals(size) ? "-table-size" + size : "")
            + "-p"
            + threads;
    int order = dir.toFile().list() == null ? 0 : dir.toFile().list().length;
    Path run =
        FakeRuns.write(
            dir.resolve(name),
            target,
            1_000_000 + order * 60_000L,
            3,
            100,
            1,
            false,
            "127.0.0.1:" + (target.equals("postgres") ? 5432 : 3306),
            withIsolation(options),
            Verification.of(Map.of(), List.of()));
    return forged(
        run,
        Map.of(
            "workload",
            workload,
            "serverVersion",
            target.equals("postgres") ? POSTGRES : MARIADB,
            "parallelism",
            threads,
            "tps",
            tps,
            "p50",
            p99 / 4,
            "p99",
            p99,
            "max",
            p99 * 3));
  }

  /**
   * {@code run} with its summary's fields as {@code fields} say, whatever they say: a response
   * time's percentile (p50, p99, max...) in {@code responseTimeMs}, a {@code status} in {@code
   * verification}, any other field at the top.
   */
  static ResultDirectory forged(Path run, Map<String, Object> fields) throws IOException {
    ObjectMapper json = new ObjectMapper();
    ObjectNode summary = (ObjectNode) json.readTree(run.resolve(SummaryJson.FILE).toFile());
    fields.forEach(
        (k, v) -> {
          if (k.equals("status")) {
            ((ObjectNode) summary.get("verification"))
                .put("passed", false)
                .put("status", (String) v);
          } else if ((k.startsWith("p") && !k.equals("parallelism")) || k.equals("max")) {
            ((ObjectNode) summary.get("responseTimeMs")).set(k, json.valueToTree(v));
          } else {
            summary.set(k, json.valueToTree(v));
          }
        });
    json.writeValue(run.resolve(SummaryJson.FILE).toFile(), summary);
    return ResultDirectory.load(run);
  }
}
