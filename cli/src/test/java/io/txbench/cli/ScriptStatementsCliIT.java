package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script's statements timed apart by file and line (pgbench's {@code -r}) where a user reads
 * them, on an embedded PostgreSQL: the console summary's table, summary.json's {@code statements},
 * the report's table; and an SQL error at run time that names the script's file and line.
 */
class ScriptStatementsCliIT {
  private static final String SETUP =
      """
      CREATE TABLE counted (k int PRIMARY KEY, n int NOT NULL);
      CREATE TABLE counted_log (k int NOT NULL);
      INSERT INTO counted VALUES (1, 0), (2, 0), (3, 0), (4, 0);
      """;

  /** One transaction whose line 5 fails when k is 4. */
  private static final String FAILING =
      """
      BEGIN;
      \\set k random(1, 4)
      UPDATE counted SET n = n + 1 WHERE k = :k;
      \\if :k = 4
      INSERT INTO counted VALUES (4, 0);
      \\endif
      INSERT INTO counted_log VALUES (:k);
      COMMIT;
      """;

  @TempDir Path dir;

  @Test
  void theStatementsAreInTheSummaryTheFileAndTheReportAndAnErrorNamesItsLine() throws Exception {
    Path script = Files.writeString(dir.resolve("failing.sql"), FAILING);
    Path setup = Files.writeString(dir.resolve("setup.sql"), SETUP);
    Path out = dir.resolve("run");
    CapturedLog captured =
        CapturedLog.of(
            () ->
                CliRun.of(
                    "--embedded",
                    "--workload",
                    "script",
                    "--script",
                    script.toString(),
                    "--script-setup",
                    setup.toString(),
                    "--sql-isolation-level",
                    "read_committed", // no serialization failure: the counts are exact
                    "--iterations",
                    "200",
                    "--parallelism",
                    "2",
                    "--output-dir",
                    out.toString()));
    CliRun run = captured.run();
    String all = run.out() + run.err();
    // Errors of the script's own do not fail the run, and a script with no checks has none to run.
    assertEquals(0, run.exitCode(), all);
    assertTrue(all.contains("verification  not run (no --script-verify given)"), all);
    // The SQL error names the script's file and line.
    List<String> messages = captured.messages(ch.qos.logback.classic.Level.TRACE);
    assertTrue(
        messages.stream()
            .anyMatch(
                m ->
                    m.startsWith(
                        "first other error: " + script + ":5: ERROR: duplicate key value")),
        messages.toString());
    assertTrue(all.contains("  statements    times in ms"), all);
    assertTrue(
        all.matches("(?s).*\n    " + Pattern.quote(script + ":5") + " +0 +[1-9][0-9]* .*"), all);

    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    JsonNode statements = summary.get("statements");
    assertEquals(4, statements.size(), summary.toString());
    long errors = summary.get("errors").asLong();
    long iterations = summary.get("iterations").asLong();
    assertEquals(200, errors + iterations, summary.toString());
    assertEquals(0, summary.get("retries").asLong(), summary.toString());
    JsonNode failing = statements.get(1);
    assertEquals(script.toString(), failing.get("script").asText());
    assertEquals(5, failing.get("line").asInt());
    assertEquals("INSERT INTO counted VALUES (4, 0);", failing.get("text").asText());
    assertEquals(0, failing.get("count").asLong());
    assertEquals(errors, failing.get("failures").asLong(), failing.toString());
    assertEquals(errors, failing.get("failuresByClass").get("other").asLong());
    assertEquals(200, statements.get(0).get("count").asLong());
    assertEquals(iterations, statements.get(2).get("count").asLong());
    assertEquals("COMMIT;", statements.get(3).get("text").asText());
    assertEquals(iterations, statements.get(3).get("count").asLong());
    assertTrue(statements.get(0).get("p99Ms").asDouble() > 0, statements.toString());

    Path html = dir.resolve("report.html");
    CliRun report = CliRun.of("report", out.toString(), "--output", html.toString());
    assertEquals(0, report.exitCode(), report.out() + report.err());
    String page = Files.readString(html);
    assertTrue(page.contains("<h2>Statements</h2>"), page);
    assertTrue(page.contains(">" + script + ":5</td>"), page);
  }
}
