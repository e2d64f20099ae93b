package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.cli.options.ExitCodes;
import io.txbench.postgres.EmbeddedPostgresServer;
import io.txbench.report.files.IntervalsCsv;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line when things go wrong around it, against a real PostgreSQL: an output directory
 * that cannot be written, a server killed mid-run, and buyers fighting over two flights at
 * isolation levels that do and do not hold (a server lost around the warm-up: {@link
 * ServerLifecycleIT}).
 */
class FaultsCliIT extends PostgresServer {
  @TempDir Path dir;

  @Test
  void aContendedAirlineRetriesAndPassesAndWeakerSettingsAreCaught() throws Exception {
    createDatabase("contention");
    Contention.check(
        dir.resolve("contention"), "REPEATABLE_READ", true, "--target-url", url("contention"));
  }

  @Test
  void anOutputDirectoryThatCannotBeWrittenIsRefusedBeforeAnythingIsLoaded() throws Exception {
    createDatabase("outdir");
    Path file = Files.writeString(dir.resolve("a-file"), "not a directory");
    CliRun run =
        CliRun.of(
            "--target-url",
            "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/outdir?user=postgres",
            "--workload",
            "insert",
            "--iterations",
            "10",
            "--output-dir",
            file.resolve("run").toString());
    assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
    String err = run.err().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(
        err.startsWith("txbench: --output-dir: cannot write results to ")
            && err.toLowerCase(java.util.Locale.ROOT).contains("not a directory"),
        err);
    try (Connection c = DriverManager.getConnection(url("outdir"));
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'")) {
      rs.next();
      assertEquals(0, rs.getLong(1), "prepare ran before the output directory was checked");
    }
  }

  @Test
  @Tag("long")
  void aServerKilledAndNeverRestartedStillGetsItsSummary() throws Exception {
    Path out = dir.resolve("killed");
    CliRun run =
        killDuring(
            dir.resolve("doomed-data"),
            out.resolve(IntervalsCsv.FILE),
            "--workload",
            "insert",
            "--table-size",
            "1000",
            "--parallelism",
            "4",
            "--warmup",
            "0s",
            // Killed two periods in, the workers' waits for a connection (5 s, which a busy
            // machine's log-in needs) end in the window: connection errors, counted.
            "--duration",
            "10s",
            "--metrics",
            "1s",
            "--connection-wait-timeout",
            "5s",
            "--output-dir",
            out.toString());
    assertEquals(ExitCodes.TARGET, run.exitCode(), run.out() + run.err());
    assertTrue(run.out().contains("verification  not run (cannot reach the server"), run.out());
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertEquals(10.0, summary.get("measuredSeconds").asDouble(), 0.001);
    assertTrue(summary.get("iterations").asLong() > 0);
    assertTrue(summary.get("errorsByClass").get("connection").asLong() > 0, summary.toString());
    assertEquals("not run", summary.get("verification").get("status").asText());
    assertTrue(
        summary.get("verification").get("cause").asText().startsWith("cannot reach the server"),
        summary.get("verification").toString());
  }

  /**
   * Runs the command line (in this JVM) against a PostgreSQL of the test's own, on {@code data},
   * killed with SIGKILL, and never restarted, once {@code periods} (the run's intervals file) holds
   * two periods: the run is under way, however long the load and the commit check's wait before it
   * took (a kill 4 s after the start came before the run on a busy machine).
   */
  private CliRun killDuring(Path data, Path periods, String... args) throws Exception {
    EmbeddedPostgres doomed =
        EmbeddedPostgresServer.builder()
            .setDataDirectory(data)
            .setCleanDataDirectory(false)
            .start();
    try {
      String[] all = new String[args.length + 4];
      all[0] = "--target-database-host";
      all[1] = "127.0.0.1";
      all[2] = "--target-database-port";
      all[3] = String.valueOf(doomed.getPort());
      System.arraycopy(args, 0, all, 4, args.length);
      CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.of(all));
      long giveUp = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
      while (!running.isDone() && lines(periods) < 3 && System.nanoTime() < giveUp) {
        Thread.sleep(50); // polls the file the run writes: no event to wait on in-process
      }
      assertTrue(lines(periods) >= 3, "no two periods of the run in " + periods);
      ServerProcesses.signal(data, "KILL");
      return running.get(2, TimeUnit.MINUTES);
    } finally {
      try {
        doomed.close();
      } catch (IOException | RuntimeException e) {
        // It is dead already.
      }
    }
  }

  private static long lines(Path file) throws IOException {
    if (!Files.exists(file)) {
      return 0;
    }
    try (java.util.stream.Stream<String> lines = Files.lines(file)) {
      return lines.count();
    }
  }
}
