package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.cli.options.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line end to end against a real PostgreSQL. */
class CliIT extends PostgresServer {
  private static final String PASSWORD = "pw-3xq9-never-shown";
  @TempDir Path dir;

  /**
   * This server, and {@code more}, without the commit check: nothing here asserts it but {@link
   * #theConsoleHoldsNoLogLineUnlessAskedAndTheCheckWaitsForNothing} (TelemetryCliIT checks its
   * figures).
   */
  private String[] server(String... more) {
    return checked(
        Stream.concat(Stream.of("--no-commit-check"), Stream.of(more)).toArray(String[]::new));
  }

  /** This server, and {@code more}. */
  private String[] checked(String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "--target-database-host",
                "127.0.0.1",
                "--target-database-port",
                String.valueOf(postgres.getPort())));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  /**
   * A run on this server, without the commit check, of {@code args}, its results in {@code out}: it
   * must exit 0.
   */
  private CliRun succeeds(Path out, String... args) {
    return CliRun.of(
            server(
                Stream.concat(Stream.of(args), Stream.of("--output-dir", out.toString()))
                    .toArray(String[]::new)))
        .exits(0);
  }

  private long query(String sql) throws SQLException {
    return query("postgres", sql);
  }

  @Test
  void airlineRunWritesEveryResultFileAndASummary() throws Exception {
    Path out = dir.resolve("airline");
    CliRun run =
        succeeds(
            out,
            "--workload",
            "airline",
            "--parallelism",
            "4",
            "--warmup",
            "0s",
            "--duration",
            "3s",
            "--metrics",
            "1s",
            "--metrics-reporter",
            "csv,log");
    assertTrue(run.out().contains("Connected to PostgreSQL"), run.out());
    assertTrue(
        run.out()
            .matches(
                "(?s).*\\[ 1s \\] thds: 4 tps: [0-9.]+ qps: [0-9.]+ \\(r/w/o: [0-9./]+\\)"
                    + " lat \\(ms,95%\\): [0-9.]+"
                    + " err/s: [0-9.]+ retries/s: [0-9.]+.*"),
        run.out());
    assertTrue(run.out().contains("verification  passed"), run.out());
    // Data left on a server the user keeps: where, and the exact command that removes it.
    assertTrue(
        run.out()
            .contains(
                "The airline data stays in 127.0.0.1:"
                    + postgres.getPort()
                    + "/postgres for later runs (--skip-setup); to remove it: java -jar benchmark.jar"
                    + " --benchmark-target postgres --target-database-host 127.0.0.1 --target-database-port "
                    + postgres.getPort()
                    + " --target-database-name postgres --target-database-user postgres"
                    + " --drop"),
        run.out());
    for (String file :
        List.of(
            "iterations.csv",
            "response-time.csv",
            "retries.csv",
            "skipped.csv",
            "intervals.csv",
            "histogram.hlog",
            "summary.json")) {
      assertTrue(Files.size(out.resolve(file)) > 0, file);
    }
    JsonNode summary = CliRun.summary(out);
    long iterations = summary.get("iterations").asLong();
    assertTrue(iterations > 0);
    assertEquals(iterations, query("SELECT COUNT(*) FROM seat"));
    assertEquals(iterations, query("SELECT COUNT(*) FROM payment"));
    assertTrue(summary.get("serverVersion").asText().startsWith("PostgreSQL"));
    assertFalse(summary.get("embedded").asBoolean()); // a server the user named
    assertEquals("127.0.0.1:" + postgres.getPort(), summary.get("server").asText());
    assertTrue(
        run.out().contains("\n  server        127.0.0.1:" + postgres.getPort() + "\n"), run.out());
    assertTrue(summary.get("verification").get("passed").asBoolean());
    List<String> lines = Files.readAllLines(out.resolve("iterations.csv"));
    assertEquals("t,count,mean_rate,m1_rate,m5_rate,m15_rate,rate_unit", lines.get(0));
    assertEquals(iterations, Long.parseLong(lines.get(lines.size() - 1).split(",", -1)[1]));
  }

  @Test
  void theDropHintNamesTheJarAsTheUserTypedIt() throws Exception {
    Jar.Outcome run =
        Jar.run(
            server(
                "--workload",
                "point-select",
                "--table-size",
                "100",
                "--iterations",
                "100",
                "--warmup",
                "0s",
                "--output-dir",
                dir.resolve("jar").toString()));
    assertEquals(0, run.code(), run.err());
    assertTrue(
        run.out()
            .contains(
                "to remove it: java -jar "
                    + Jar.FILE
                    + " --benchmark-target postgres --target-database-host 127.0.0.1"),
        run.out());
  }

  @Test
  void theConsoleHoldsNoLogLineUnlessAskedAndTheCheckWaitsForNothing() throws Exception {
    String[] args =
        checked(
            "--workload",
            "airline",
            "--iterations",
            "100",
            "--warmup",
            "0s",
            "--output-dir",
            dir.resolve("quiet").toString());
    Jar.Outcome run = Jar.run(args);
    assertEquals(0, run.code(), run.err());
    // The commit check waits for nothing: txbench's sessions published their counts (a wait,
    // where they may not, is said on the console: TelemetryCliIT).
    assertFalse(run.out().contains("Waiting"), run.out());
    assertTrue(
        run.out()
            .matches(
                "(?s).*\n  commits +Server says ([0-9,]+) commits, txbench counted \\1\\.\n.*"),
        run.out());
    assertFalse(run.out().contains(" INFO "), run.out());
    assertFalse(run.err().contains(" INFO "), run.err());
    // --log-level opens txbench's log again.
    List<String> verbose = new java.util.ArrayList<>(List.of(args));
    verbose.addAll(List.of("--log-level", "debug", "--overwrite"));
    Jar.Outcome debug = Jar.run(verbose.toArray(String[]::new));
    assertEquals(0, debug.code(), debug.err());
    assertTrue(debug.err().contains(" DEBUG "), debug.err());
  }

  /** 2,000 point-selects on 1,000 rows, no warm-up, held to {@code more}'s thresholds. */
  private CliRun guarded(String... more) {
    Stream<String> workload =
        Stream.of(
            "--workload",
            "point-select",
            "--table-size",
            "1000",
            "--iterations",
            "2000",
            "--warmup",
            "0s");
    return CliRun.of(server(Stream.concat(workload, Stream.of(more)).toArray(String[]::new)));
  }

  @Test
  void thresholdsHoldOrFailOnARealRunAtEachLevelOfASweep() throws Exception {
    Path out = dir.resolve("thresholds");
    CliRun failing =
        guarded(
            "--parallelism",
            "1,2",
            "--threshold",
            "tps>=1",
            "--threshold",
            "p50<1us", // no PostgreSQL answers a select in a microsecond
            "--threshold",
            "verification",
            "--output-dir",
            out.toString());
    failing.exits(ExitCodes.THRESHOLD);
    List<Path> levels = ThresholdsCliTest.summaries(out);
    assertEquals(2, levels.size(), levels.toString());
    for (Path level : levels) {
      JsonNode thresholds = new ObjectMapper().readTree(level.toFile()).get("thresholds");
      assertEquals(3, thresholds.size(), level + ": " + thresholds);
      assertTrue(thresholds.get(0).get("passed").asBoolean(), thresholds.toString());
      assertFalse(thresholds.get(1).get("passed").asBoolean(), thresholds.toString());
      assertTrue(thresholds.get(1).get("measured").asDouble() > 1, thresholds.toString());
      assertTrue(thresholds.get(2).get("passed").asBoolean(), thresholds.toString());
    }
    CliRun holding =
        guarded(
            "--parallelism",
            "2",
            "--threshold",
            "tps >= 1",
            "--threshold",
            "p99<10s",
            "--threshold",
            "errors<0.1%",
            "--threshold",
            "in-doubt==0",
            "--output-dir",
            dir.resolve("holding").toString());
    holding.exits(ExitCodes.OK);
    assertTrue(holding.out().contains("  threshold     in-doubt==0  PASS  0\n"), holding.out());
  }

  @Test
  void onlySetupThenSkipSetupRunsOverTheSameData() throws Exception {
    CliRun setup =
        CliRun.of(server("--workload", "insert", "--table-size", "5000", "--only-setup"));
    setup.exits(0);
    assertEquals(5000, query("SELECT COUNT(*) FROM item"));
    for (int i = 0; i < 2; i++) {
      CliRun run =
          succeeds(
              dir.resolve("insert" + i),
              "--workload",
              "insert",
              "--skip-setup",
              "--iterations",
              "700");
      assertTrue(
          run.out()
              .contains(
                  "\nRunning insert on postgres with 8 thread(s), 700 iterations, figures about every"
                      + " 1s.\n"),
          run.out());
    }
    assertEquals(6400, query("SELECT COUNT(*) FROM item"));
    assertEquals(6400, query("SELECT COUNT(DISTINCT id) FROM item"));
  }

  @Test
  void thePasswordReachesNoOutput() throws Exception {
    Path out = dir.resolve("secret");
    CliRun run =
        succeeds(
            out,
            "--workload",
            "point-select",
            "--table-size",
            "1000",
            "--iterations",
            "300",
            "--target-database-password",
            PASSWORD,
            "--metrics-reporter",
            "csv,console,log",
            "--log-level",
            "debug");
    assertFalse(run.out().contains(PASSWORD));
    assertFalse(run.err().contains(PASSWORD));
    try (Stream<Path> files = Files.list(out)) {
      for (Path f : files.toList()) {
        assertFalse(
            Files.readString(f, StandardCharsets.ISO_8859_1).contains(PASSWORD), f.toString());
      }
    }
    String json = Files.readString(out.resolve("summary.json"));
    assertTrue(json.contains("\"target-database-password\" : \"****\""), json);
  }

  @Test
  void aPasswordInTheUrlIsMaskedToo() throws Exception {
    Path out = dir.resolve("url");
    CliRun run =
        CliRun.of(
            "--target-url",
            "jdbc:postgresql://127.0.0.1:"
                + postgres.getPort()
                + "/postgres?user=postgres&password="
                + PASSWORD,
            "--workload",
            "update",
            "--table-size",
            "500",
            "--iterations",
            "200",
            "--output-dir",
            out.toString());
    run.exits(0);
    assertFalse((run.out() + run.err()).contains(PASSWORD));
    assertFalse(Files.readString(out.resolve("summary.json")).contains(PASSWORD));
    assertEquals(200, query("SELECT SUM(updates) FROM item"));
  }

  /**
   * As the help says, a URL that names no user logs in as postgres, not as the operating system's
   * user (whom this server does not know).
   */
  @Test
  void aUrlWithoutAUserLogsInAsTheDefaultUser() throws Exception {
    createDatabase("userless");
    CliRun run =
        CliRun.of(
            "--target-url",
            "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/userless",
            "--workload",
            "point-select",
            "--table-size",
            "100",
            "--only-setup");
    run.exits(0);
    assertEquals(
        1,
        query(
            "userless",
            "SELECT COUNT(*) FROM pg_tables WHERE tablename = 'item' AND tableowner = 'postgres'"));
  }

  @Test
  void dropRemovesWhatTxbenchMadeAndNothingElse() throws Exception {
    try (Connection c = DriverManager.getConnection(url("postgres"));
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE droptest");
    }
    String url = url("droptest");
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE notes (id INT PRIMARY KEY, body TEXT)");
      s.execute("INSERT INTO notes VALUES (1, 'mine')");
    }
    CliRun.of(
            "--target-url",
            url,
            "--workload",
            "point-select",
            "--table-size",
            "100",
            "--only-setup")
        .exits(0);
    CliRun drop = CliRun.of("--target-url", url, "--drop");
    drop.exits(0);
    assertTrue(drop.out().contains("item") && drop.out().contains("txbench_meta"), drop.out());
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT string_agg(tablename, ',') FROM pg_tables"
                    + " WHERE schemaname = 'public'")) {
      rs.next();
      assertEquals("notes", rs.getString(1));
    }
  }

  @Test
  void anOpenLoopRunKeepsItsRateAndRecordsServiceTimes() throws Exception {
    Path out = dir.resolve("rate");
    CliRun run =
        succeeds(
            out,
            "--workload",
            "point-select",
            "--table-size",
            "1000",
            "--rate",
            "400",
            "--duration",
            "5s",
            "--warmup",
            "1s",
            "--metrics",
            "1s");
    assertTrue(run.out().contains("Warming up for 1s"), run.out());
    assertTrue(
        run.out()
            .contains(
                "\nRunning point-select on postgres with 8 thread(s) at 400"
                    + " per second, for 5s, figures about every 1s.\n"),
        run.out());
    JsonNode summary = CliRun.summary(out);
    // Every slot of the window is accounted for: run, or skipped when no worker was free to start
    // it before the window closed (on a machine busy enough to hold all 8 back, a few are).
    long slots =
        summary.get("iterations").asLong()
            + summary.get("skipped").asLong()
            + summary.get("errors").asLong()
            + summary.get("inDoubt").asLong();
    assertEquals(2000, (double) slots, 1, summary.toString());
    assertEquals(400, summary.get("tps").asDouble(), 8); // within 2%
    assertTrue(summary.get("serviceTimeMs").get("p50").asDouble() > 0);
    assertTrue(summary.get("scheduleLagMs").has("p99"));
    assertTrue(Files.readString(out.resolve("histogram.hlog")).contains("Tag=service-time"));
    // The service times are in histogram.hlog and summary.json: no service-time.csv of its own.
    assertFalse(Files.exists(out.resolve("service-time.csv")));
    // Typed options are shown in summary.json as they are written on the command line.
    assertEquals("uniform", summary.get("options").get("rate-distribution").asText());
    assertEquals("[\"csv\"]", summary.get("options").get("metrics-reporter").toString());
  }

  @Test
  void aSweepRunsEachLevelAndComparesThem() throws Exception {
    Path out = dir.resolve("sweep");
    CliRun run =
        succeeds(
            out,
            "--workload",
            "point-select",
            "--table-size",
            "500",
            "--parallelism",
            "1,4,4",
            "--iterations",
            "300");
    for (String level : List.of("p1", "p4", "p4-2")) { // a repeated level keeps its own results
      JsonNode summary = CliRun.summary(out.resolve("postgres-point-select-" + level));
      assertEquals(300, summary.get("iterations").asLong());
      // The table's row of the level ends with its directory: "2 x4 ... postgres-point-select-p4".
      assertTrue(
          run.out().lines().anyMatch(l -> l.endsWith(" postgres-point-select-" + level)),
          run.out());
    }
    assertTrue(run.out().contains("tps_x"), run.out());
  }

  /**
   * One of two clients inserting for 3 s on 2 workers into the loaded items, starting {@code at},
   * at {@code costPerHour}, its results in {@code out}.
   */
  private CliRun client(String at, String costPerHour, Path out) {
    return CliRun.of(
        server(
            "--workload",
            "insert",
            "--skip-setup",
            "--no-verify",
            "--parallelism",
            "2",
            "--warmup",
            "0s",
            "--duration",
            "3s",
            "--metrics",
            "1s",
            "--cost-per-hour",
            costPerHour,
            "--start-at",
            at,
            "--output-dir",
            out.toString()));
  }

  @Test
  void twoConcurrentClientsMergeIntoOneResultAndReport() throws Exception {
    CliRun.of(server("--workload", "insert", "--table-size", "1000", "--only-setup")).exits(0);
    Path a = dir.resolve("client-a");
    Path b = dir.resolve("client-b");
    // Merge wants windows that overlap: both clients start at one time, whenever each is ready
    // (10 s ahead: the sessions of two clients of 2 workers open well within it).
    String at =
        java.time.Instant.now()
            .plusSeconds(10)
            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
            .toString();
    java.util.concurrent.CompletableFuture<CliRun> first =
        java.util.concurrent.CompletableFuture.supplyAsync(() -> client(at, "0.5", a));
    CliRun second = client(at, "1.5", b);
    first.get().exits(0);
    second.exits(0);
    assertTrue(second.out().contains(" s window at 1.5 an hour; "), second.out());
    long ia = CliRun.summary(a).get("iterations").asLong();
    long ib = CliRun.summary(b).get("iterations").asLong();
    assertEquals(1000 + ia + ib, query("SELECT COUNT(*) FROM item"));

    Path merged = dir.resolve("merged");
    CliRun merge = CliRun.of("merge", a.toString(), b.toString(), "--output", merged.toString());
    merge.exits(0);
    JsonNode summary = CliRun.summary(merged);
    assertEquals(ia + ib, summary.get("iterations").asLong());
    assertEquals(4, summary.get("parallelism").asLong());
    // The clients' prices added up, over the merged window, per million of both's iterations.
    JsonNode cost = summary.get("cost");
    double seconds = summary.get("measuredSeconds").asDouble();
    assertEquals(2.0, cost.get("perHour").asDouble(), cost::toString);
    assertEquals(2.0 * seconds / 3600, cost.get("window").asDouble(), 2.0 * 0.001 / 3600);
    assertEquals(
        cost.get("window").asDouble() / (ia + ib) * 1e6,
        cost.get("perMillionIterations").asDouble(),
        1e-4 * cost.get("perMillionIterations").asDouble());
    long logged =
        io.txbench.report.files.ResultDirectory.load(merged).responseTimes().getTotalCount();
    assertEquals(ia + ib, logged);

    CliRun compare =
        CliRun.of("compare", "--format", "markdown", a.toString(), b.toString(), merged.toString());
    compare.exits(0);
    assertEquals(5, compare.out().lines().filter(l -> l.startsWith("|")).count(), compare.out());
    assertTrue(
        compare.out().contains("| tps_ratio | cost_per_million | cost_per_hour |"), compare.out());
    assertTrue(
        compare
            .out()
            .contains("Ratios (tps_ratio, p99_ratio) are to the baseline, run 1 (`client-"),
        compare.out());
    Path html = dir.resolve("report.html");
    CliRun report = CliRun.of("report", a.toString(), b.toString(), "--output", html.toString());
    report.exits(0);
    assertTrue(Files.readString(html).contains("id=\"report-data\""));
    assertTrue(Files.readString(html).contains("data-column=\"cost_per_million\""));
    CliRun notAResult =
        CliRun.of("compare", Files.createDirectories(dir.resolve("empty")).toString());
    notAResult.exits(ExitCodes.USAGE);
    assertTrue(notAResult.err().contains("not a txbench result directory"), notAResult.err());
  }

  @Test
  void aLoadPastTheWarmUpShowsEachPhaseAndNoCarriageReturns() throws Exception {
    CliRun run =
        succeeds(
            dir.resolve("phases"),
            "--workload",
            "insert",
            "--table-size",
            "20000",
            "--parallelism",
            "2",
            "--warmup",
            "2s",
            "--duration",
            "2s",
            "--metrics",
            "1s");
    assertTrue(run.out().contains("loading item: 20,000 rows\n"), run.out());
    assertTrue(
        run.out().matches("(?s).*loading item: 20,000 rows in [0-9.]+ s \\([0-9,]+ rows/s\\)\n.*"),
        run.out());
    assertFalse(run.out().contains("\r") || run.out().contains("? rows/s"), run.out());
    // A line's label is the time it was printed at, which a busy machine can make 2s for the
    // first: the phases are told by their words and their order, not by a label.
    java.util.regex.Matcher warmUp =
        java.util.regex.Pattern.compile("(?m)^\\[ warm-up \\d+s \\] thds: 2 tps: ")
            .matcher(run.out());
    assertTrue(warmUp.find(), run.out());
    assertTrue(warmUp.start() < run.out().indexOf("Running insert"), run.out());
    assertTrue(
        run.out().matches("(?s).*\nRunning insert.*\n\\[ \\d+s \\] thds: 2 tps: .*"), run.out());
    assertTrue(
        run.out()
            .contains(
                "\nRunning insert on postgres with 2 thread(s), for 2s, figures about every 1s.\n"),
        run.out());
    assertTrue(
        run.out().contains("(duration elapsed), after a 2.0 s warm-up (not measured)"), run.out());
    JsonNode summary = CliRun.summary(dir.resolve("phases"));
    assertEquals(2.0, summary.get("warmupSeconds").asDouble(), 1e-9);
  }

  @Test
  void contentionIsLoggedOnceInWordsNotAsTheServersError() throws Exception {
    CapturedLog captured =
        CapturedLog.of(
            () ->
                CliRun.of(
                    server(
                        "--workload",
                        "airline",
                        "--schedules",
                        "1",
                        "--day-range",
                        "1",
                        "--parallelism",
                        "8",
                        "--iterations",
                        "200",
                        "--log-level",
                        "info", // txbench's notes are logged when asked; by default, only warnings
                        "--output-dir",
                        dir.resolve("contention").toString())));
    CliRun run = captured.run();
    run.exits(0);
    List<String> messages = captured.messages(ch.qos.logback.classic.Level.INFO);
    assertEquals(
        1,
        messages.stream()
            .filter("retried: serialization failure (the closing table counts retries)"::equals)
            .count(),
        messages.toString());
    assertTrue(
        messages.stream().noneMatch(m -> m.contains("could not serialize")), messages.toString());
  }

  @Test
  void aPrepareTheServerRefusesIsExitCode3InOneLine() throws Exception {
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url("postgres"));
        java.sql.Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE refused");
      s.execute("CREATE ROLE weak LOGIN");
    }
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url("refused"));
        java.sql.Statement s = c.createStatement()) {
      s.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
    }
    CliRun run =
        CliRun.of(
            "--target-url",
            "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/refused?user=weak",
            "--workload",
            "insert",
            "--table-size",
            "100",
            "--iterations",
            "10",
            "--output-dir",
            dir.resolve("refused").toString());
    run.exits(ExitCodes.TARGET);
    String err = run.err().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(
        err.startsWith("txbench: the server refused taking txbench's lease: ")
            && err.contains("permission denied"),
        err);
  }

  @Test
  void anUnreachableServerGetsOneLineAndExitCode3() {
    CliRun run =
        CliRun.of(
            "--target-database-host",
            "127.0.0.1",
            "--target-database-port",
            "1",
            "--connection-wait-timeout",
            "2s",
            "--iterations",
            "1");
    run.exits(ExitCodes.TARGET);
    String err = run.err().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.contains("127.0.0.1:1"), err);
    assertFalse(err.contains("Exception"), err);
  }

  @Test
  void embeddedDefaultRunsWithoutAnyServer() throws Exception {
    Path out = dir.resolve("embedded");
    CliRun run =
        CliRun.of(
            "--embedded",
            "--workload",
            "point-select",
            "--table-size",
            "2000",
            "--duration",
            "2s",
            "--output-dir",
            out.toString());
    run.exits(0);
    // It says, as it starts, that it is no server to judge durability on.
    assertTrue(
        run.out()
            .matches(
                "(?s)--embedded: started an embedded PostgreSQL on port [0-9]+ \\(not durable:"
                    + " fsync=off; its data is discarded at exit\\)\\.\n.*"),
        run.out());
    assertTrue(run.out().contains(", fsync=off, "), run.out()); // as its settings line says
    // A timed run warms up by default, so that its seconds measure the server, not the JIT: 10 s,
    // or a third of a shorter run, at least, and on until the client has settled, at most three
    // times that.
    assertTrue(run.out().contains("[ warm-up "), run.out());
    assertTrue(
        run.out().contains("Warming up for at least 0.666s, on until the throughput settles"),
        run.out());
    java.util.regex.Matcher over =
        java.util.regex.Pattern.compile(
                "Warm-up over after ([0-9.]+) s \\(((not )?settled[^)]*)\\)\\.\n")
            .matcher(run.out());
    assertTrue(over.find(), run.out());
    JsonNode summary = CliRun.summary(out);
    double warmUp = summary.get("warmupSeconds").asDouble();
    assertEquals(Double.parseDouble(over.group(1)), warmUp, 0.05);
    assertTrue(warmUp >= 2.0 / 3 && warmUp < 2.0 + 0.5, "between its least and longest: " + warmUp);
    assertEquals(over.group(2), summary.get("warmupSettled").asText());
  }
}
