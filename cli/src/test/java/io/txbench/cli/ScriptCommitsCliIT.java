package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.postgres.EmbeddedPostgresServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commit cross-check of {@code --workload script} on an embedded PostgreSQL (no autovacuum,
 * whose transactions would count beside the workers'): pgbench's tpcb-like, one transaction an
 * iteration, its COMMIT (END) one commit; its select-only, whose SELECT outside a transaction
 * PostgreSQL counts as a transaction of its own; and a script of three statements without BEGIN,
 * each a commit, an UPDATE that changes no row too. The server's count is txbench's exactly, on
 * PgJDBC and on the event-loop client.
 */
class ScriptCommitsCliIT {
  private static final Path SCRIPTS = Path.of("..", "docs", "scripts");

  /** Three statements, each committed on its own: two reads and a write that changes nothing. */
  private static final String THREE =
      """
      \\set aid random(1, 100000)
      SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
      UPDATE pgbench_accounts SET abalance = abalance WHERE aid = 0;
      SELECT 1;
      """;

  @TempDir Path dir;

  @Test
  void theServerCountsEachCommitOfAScriptAsTxbenchCountsIt() throws Exception {
    try (EmbeddedPostgres pg =
        EmbeddedPostgresServer.builder().setServerConfig("autovacuum", "off").start()) {
      String url = "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/postgres?user=postgres";
      String tpcb = SCRIPTS.resolve("pgbench/tpcb-like.sql").toString();
      String select = SCRIPTS.resolve("pgbench/select-only.sql").toString();
      String three = Files.writeString(dir.resolve("three.sql"), THREE).toString();

      Path first = dir.resolve("tpcb");
      CliRun run =
          run(
              url,
              first,
              "--script",
              tpcb,
              "--script-setup",
              SCRIPTS.resolve("pgbench-init-postgres.sql").toString());
      JsonNode summary = summary(first);
      assertCounted(run, summary, summary.get("iterations").asLong());

      Path selects = dir.resolve("select-only");
      run = run(url, selects, "--script", select);
      summary = summary(selects);
      assertCounted(run, summary, summary.get("iterations").asLong());

      for (String client : List.of("jdbc", "async")) {
        Path mixed = dir.resolve("mixed-" + client);
        run =
            run(
                url,
                mixed,
                "--script",
                tpcb + "@1",
                "--script",
                select + "@1",
                "--script",
                three + "@1",
                "--pg-client",
                client);
        summary = summary(mixed);
        long commits = 0; // tpcb-like's END, and every statement of the others
        for (JsonNode statement : summary.get("statements")) {
          boolean tpcbLike = statement.get("script").asText().equals(tpcb);
          if (!tpcbLike || statement.get("text").asText().startsWith("END")) {
            commits += statement.get("count").asLong();
          }
        }
        assertTrue(commits > summary.get("iterations").asLong(), summary.toString());
        assertCounted(run, summary, commits);
      }
    }
  }

  /** 600 iterations on 2 workers at READ COMMITTED (no serialization failure), no warm-up. */
  private static CliRun run(String url, Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--benchmark-target",
                "postgres",
                "--target-url",
                url,
                "--workload",
                "script",
                "--sql-isolation-level",
                "read_committed",
                "--iterations",
                "600",
                "--parallelism",
                "2",
                "--output-dir",
                out.toString()));
    args.addAll(List.of(more));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), run.out() + run.err());
    return run;
  }

  private static JsonNode summary(Path out) throws java.io.IOException {
    return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
  }

  /** The check ran, txbench counted {@code expected}, and the server says as much. */
  private static void assertCounted(CliRun run, JsonNode summary, long expected) {
    assertEquals(0, summary.get("errors").asLong(), summary.toString());
    JsonNode commits = summary.get("serverCommits");
    assertTrue(commits != null, summary.toString());
    assertEquals("xact_commit", commits.get("counter").asText().toLowerCase(Locale.ROOT));
    assertEquals(expected, commits.get("counted").asLong(), commits.toString());
    assertEquals(expected, commits.get("server").asLong(), commits.toString());
    assertTrue(commits.get("agrees").asBoolean(), commits.toString());
    assertTrue(
        run.out()
            .contains(
                String.format(
                    Locale.US,
                    "Server says %,d commits, txbench counted %,d.",
                    expected,
                    expected)),
        run.out());
  }
}
