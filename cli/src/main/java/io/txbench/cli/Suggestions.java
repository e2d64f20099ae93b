package io.txbench.cli;

import io.txbench.core.settings.NearestWord;
import java.util.Collection;
import java.util.Map;

/**
 * "Did you mean": the known word nearest to a mistyped one (an option, a workload, a target), by
 * edit distance, or by the name another benchmark tool gives the same thing ({@code --threads} is
 * sysbench's {@code --parallelism}).
 */
final class Suggestions {
  /** Options of sysbench, pgbench and YCSB, by the txbench option that does the same. */
  static final Map<String, String> OPTIONS =
      Map.ofEntries(
          Map.entry("--threads", "--parallelism"), // sysbench
          Map.entry("-threads", "--parallelism"), // YCSB
          Map.entry("--clients", "--parallelism"),
          Map.entry("--client", "--parallelism"), // pgbench
          Map.entry("-c", "--parallelism"), // pgbench
          Map.entry("--concurrency", "--parallelism"),
          Map.entry("--time", "--duration"), // sysbench, pgbench
          Map.entry("-T", "--duration"), // pgbench
          Map.entry("--events", "--iterations"), // sysbench
          Map.entry("--transactions", "--iterations"), // pgbench
          Map.entry("-t", "--iterations"), // pgbench
          Map.entry("--report-interval", "--metrics"), // sysbench
          Map.entry("--progress", "--metrics"), // pgbench
          Map.entry("-P", "--metrics"), // pgbench
          Map.entry("--warmup-time", "--warmup"), // sysbench
          Map.entry("--rand-type", "--distribution"), // sysbench
          Map.entry("-target", "--rate"), // YCSB
          Map.entry("--db-driver", "--benchmark-target"), // sysbench
          Map.entry("--target", "--benchmark-target"),
          Map.entry("--url", "--target-url"),
          Map.entry("--host", "--target-database-host"),
          Map.entry("--pgsql-host", "--target-database-host"), // sysbench
          Map.entry("--mysql-host", "--target-database-host"),
          Map.entry("--port", "--target-database-port"),
          Map.entry("--pgsql-port", "--target-database-port"),
          Map.entry("--mysql-port", "--target-database-port"),
          Map.entry("--user", "--target-database-user"),
          Map.entry("--pgsql-user", "--target-database-user"),
          Map.entry("--mysql-user", "--target-database-user"),
          Map.entry("--password", "--target-database-password"),
          Map.entry("--pgsql-password", "--target-database-password"),
          Map.entry("--mysql-password", "--target-database-password"),
          Map.entry("--pgsql-db", "--target-database-name"),
          Map.entry("--mysql-db", "--target-database-name"),
          Map.entry("--database", "--target-database-name"));

  /** sysbench's test names and the usual names of the targets, by txbench's. */
  static final Map<String, String> NAMES =
      Map.ofEntries(
          Map.entry("oltppointselect", "point-select"),
          Map.entry("oltpinsert", "insert"),
          Map.entry("oltpdelete", "delete"),
          Map.entry("oltpupdateindex", "update"),
          Map.entry("oltpupdatenonindex", "update"),
          Map.entry("pgsql", "postgres"),
          Map.entry("pg", "postgres"),
          Map.entry("postgresql", "postgres"),
          Map.entry("mongodb", "mongo"));

  private Suggestions() {}

  /**
   * {@code "unknown WHAT 'typed'"} and {@code "; did you mean X?"} for {@link NearestWord#nearest},
   * or {@code otherwise} when nothing is near.
   */
  static String unknown(
      String what,
      String typed,
      Collection<String> known,
      Map<String, String> synonyms,
      String otherwise) {
    return "unknown "
        + what
        + " '"
        + typed
        + "'"
        + NearestWord.nearest(typed, known, synonyms)
            .map(w -> "; did you mean " + w + "?")
            .orElse(otherwise);
  }
}
