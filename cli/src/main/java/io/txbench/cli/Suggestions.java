package io.txbench.cli;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

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
   * The word of {@code known} that {@code typed} was meant to be: the same but for case, dashes and
   * underscores ({@code point_select}), the one {@code synonyms} names (keys as {@link #normal}),
   * or the nearest by edit distance when near enough; empty when none is.
   */
  static Optional<String> nearest(
      String typed, Collection<String> known, Map<String, String> synonyms) {
    String normal = normal(typed);
    for (String word : known) {
      if (normal(word).equals(normal)) {
        return Optional.of(word);
      }
    }
    String synonym = synonyms.containsKey(typed) ? synonyms.get(typed) : synonyms.get(normal);
    if (synonym != null && known.contains(synonym)) {
      return Optional.of(synonym);
    }
    String bare = bare(typed);
    // One edit in a short word, two in a longer one: more would suggest what was not meant; a
    // letter or two is no word to correct.
    int limit = bare.length() <= 2 ? 0 : bare.length() <= 4 ? 1 : bare.length() <= 8 ? 2 : 3;
    @Nullable String best = null;
    int nearest = limit + 1;
    for (String word : known) {
      int d = distance(bare, bare(word));
      if (d < nearest) {
        best = word;
        nearest = d;
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * {@code "unknown WHAT 'typed'"} and {@code "; did you mean X?"} for {@link #nearest}, or {@code
   * otherwise} when nothing is near.
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
        + nearest(typed, known, synonyms).map(w -> "; did you mean " + w + "?").orElse(otherwise);
  }

  /** Lower case, without dashes and underscores: {@code --Point_Select} is {@code pointselect}. */
  static String normal(String word) {
    return word.toLowerCase(Locale.ROOT).replaceAll("[-_\\s]", "");
  }

  private static String bare(String word) {
    return word.toLowerCase(Locale.ROOT).replaceFirst("^-+", "");
  }

  /**
   * The edits (insert, delete, replace, swap two neighbours) that turn {@code a} into {@code b}:
   * Damerau-Levenshtein's optimal string alignment.
   */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
