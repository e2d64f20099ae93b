package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.txbench.cli.options.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The uber-JAR as a user runs it: {@code java -jar cli/target/benchmark.jar}. */
class JarIT {
  private static final Path JAR = Jar.FILE;

  /**
   * The documented bound of a signalled JVM (ShutdownGuard's limit), and 2 s for starting {@code
   * kill} and for the JVM's own exit.
   */
  private static final double STOP_LIMIT_SECONDS = ShutdownGuard.LIMIT.toSeconds() + 2;

  private static Jar.Outcome java(String... args) throws IOException, InterruptedException {
    return Jar.run(args);
  }

  @Test
  void theJarShowsItsVersionAndHelp() throws Exception {
    assertTrue(Files.exists(JAR), "build the JAR first (mvn package)");
    Jar.Outcome version = java("--version").exits(0);
    assertTrue(version.out().startsWith("txbench "), version.out());
    Jar.Outcome help = java("--help").exits(0);
    assertTrue(
        help.out().contains("--benchmark-target") && help.out().contains("postgres"), help.out());
  }

  @Test
  void theJarLeavesTheHarnessBenchmarkOut() throws Exception {
    try (ZipFile jar = new ZipFile(JAR.toFile())) {
      assertNotNull(jar.getEntry("io/txbench/cli/Main.class"));
      assertNull(jar.getEntry("io/txbench/cli/HarnessBenchmark.class"));
    }
  }

  @Test
  void ctrlCStopsTheRunAndStillWritesEveryResult(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("interrupted");
    JarChild run =
        new JarChild(
            "--embedded",
            "--workload",
            "point-select",
            "--table-size",
            "1000",
            "--parallelism",
            "4",
            "--warmup",
            "0s",
            "--duration",
            "5m",
            "--metrics",
            "1s",
            "--threshold",
            "p50<1us",
            "--output-dir",
            out.toString());
    run.awaitPeriods(2);
    double seconds = run.stop("INT", 130, STOP_LIMIT_SECONDS);
    JsonNode summary = CliRun.summary(out);
    assertEquals("INTERRUPTED", summary.get("stopReason").asText());
    // Its thresholds are still held and recorded, and the signal's code wins over theirs (5).
    assertFalse(summary.get("thresholds").get(0).get("passed").asBoolean(), summary.toString());
    long iterations = summary.get("iterations").asLong();
    assertTrue(iterations > 0);
    List<String> csv = Files.readAllLines(out.resolve("iterations.csv"));
    assertEquals(iterations, Long.parseLong(csv.get(csv.size() - 1).split(",", -1)[1]));
    assertTrue(Files.size(out.resolve("histogram.hlog")) > 0);
    System.out.printf("SIGINT to exit: %.2f s%n", seconds);
  }

  @Test
  @Tag("long")
  void theEmbeddedServerKilledMidRunIsCountedAndEndsInOneLineWithoutAStackTrace(@TempDir Path dir)
      throws Exception {
    Path out = dir.resolve("killed");
    JarChild run =
        new JarChild(
            "--embedded",
            "--workload",
            "oltp-read-write",
            "--table-size",
            "1000",
            "--parallelism",
            "2",
            "--warmup",
            "0s",
            "--duration",
            "6s",
            "--metrics",
            "1s",
            "--connection-wait-timeout",
            "5s",
            "--output-dir",
            out.toString());
    run.awaitPeriods(2);
    java.util.regex.Matcher port =
        java.util.regex.Pattern.compile("embedded PostgreSQL on port (\\d+)").matcher(run.printed);
    assertTrue(port.find(), run.printed.toString());
    Process find =
        new ProcessBuilder("pgrep", "-f", "bin/postgres -D .* -p " + port.group(1) + "( |$)")
            .start();
    String postmaster =
        new String(find.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
            .strip()
            .split("\\s+")[0];
    assertFalse(postmaster.isEmpty(), "no postmaster on port " + port.group(1));
    new ProcessBuilder("kill", "-KILL", postmaster).start().waitFor();
    int code = run.awaitExit(120);
    String printed = run.printed.toString();
    assertEquals(ExitCodes.TARGET, code, printed);
    assertTrue(printed.contains("(connection "), printed);
    assertTrue(printed.contains("verification  not run (cannot reach the server"), printed);
    assertFalse(printed.contains("\tat ") || printed.contains("Exception:"), printed);
    JsonNode summary = CliRun.summary(out);
    assertTrue(summary.get("errors").asLong() > 0, summary.toString());
  }

  @Test
  void sigtermStopsTheRunWritesEveryResultAndExits143(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("terminated");
    JarChild run =
        new JarChild(
            "--embedded",
            "--workload",
            "point-select",
            "--table-size",
            "1000",
            "--parallelism",
            "4",
            "--duration",
            "5m",
            "--metrics",
            "1s",
            "--warmup",
            "2s",
            "--output-dir",
            out.toString());
    run.awaitWarmUpPeriods(1);
    run.awaitPeriods(1);
    double seconds = run.stop("TERM", 143, STOP_LIMIT_SECONDS);
    JsonNode summary = CliRun.summary(out);
    assertEquals("INTERRUPTED", summary.get("stopReason").asText());
    assertTrue(summary.get("iterations").asLong() > 0, summary.toString());
    System.out.printf("SIGTERM to exit: %.2f s%n", seconds);
  }

  @Test
  void aSignalWhileTheEndpointWaitsForItsLastScrapeEndsTheWait(@TempDir Path dir) throws Exception {
    try (io.txbench.http.FaultServer server =
        io.txbench.http.FaultServer.start(n -> io.txbench.http.FaultServer.ok())) {
      JarChild run =
          new JarChild(
              Scrapes.httpGet(
                  server,
                  "--iterations",
                  "100",
                  "--metrics-endpoint",
                  String.valueOf(Scrapes.freePort()),
                  "--metrics-linger",
                  "10m",
                  "--output-dir",
                  dir.resolve("lingering").toString()));
      run.awaitLine("Serving the final metrics");
      run.stop("TERM", 143, STOP_LIMIT_SECONDS);
      assertTrue(
          run.printed.toString().contains("Stopped waiting for a scrape."), run.printed.toString());
    }
  }

  @Test
  void aSignalDuringTheWarmUpLeavesNoResultDirectoryBehind(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("warm");
    JarChild run =
        new JarChild(
            "--benchmark-target",
            "mongo",
            "--embedded",
            "--workload",
            "point-select",
            "--table-size",
            "100",
            "--warmup",
            "60s",
            "--metrics",
            "1s",
            "--output-dir",
            out.toString());
    run.awaitWarmUpPeriods(1);
    run.signal("TERM");
    assertEquals(143, run.awaitExit(30), run.printed.toString());
    assertTrue(run.printed.toString().contains("Stopped during the warm-up"));
    assertFalse(Files.exists(out), "an empty result directory was left behind");
  }

  @Test
  void aSignalDuringTheLoadStopsItPromptlyAndLeavesItMarkedIncomplete(@TempDir Path dir)
      throws Exception {
    try (io.zonky.test.db.postgres.embedded.EmbeddedPostgres server =
        io.txbench.postgres.EmbeddedPostgresServer.builder().start()) {
      String url = "jdbc:postgresql://127.0.0.1:" + server.getPort() + "/postgres?user=postgres";
      for (String signal : new String[] {"INT", "TERM"}) {
        JarChild load = loading(url, "5000000");
        Thread.sleep(500);
        // Between two batches.
        double seconds = load.stop(signal, signal.equals("INT") ? 130 : 143, STOP_LIMIT_SECONDS);
        assertTrue(
            load.printed.toString().contains("Stopped while loading the data"),
            load.printed.toString());
        assertFalse(load.printed.toString().contains("Setup of insert done"));
        CliRun refused =
            CliRun.of(
                "--target-url",
                url,
                "--workload",
                "insert",
                "--skip-setup",
                "--iterations",
                "10",
                "--output-dir",
                dir.resolve(signal).toString());
        refused.exits(ExitCodes.TARGET);
        assertTrue(refused.err().contains("was not loaded completely"), refused.err());
        System.out.printf("SIG%s during the load to exit: %.2f s%n", signal, seconds);
      }
    }
  }

  @Test
  void badInputFromTheJarIsOneLineAndExitCode2() throws Exception {
    Jar.Outcome bad = java("--parallelism", "0").exits(2);
    assertEquals(
        "txbench: --parallelism must be between 1 and 4,096, not 0 (see --help)",
        bad.err().strip());
    assertFalse(bad.err().contains("Exception"));
  }

  /** A JAR preparing the insert workload's {@code rows} at {@code url}, once it has begun. */
  private static JarChild loading(String url, String rows) throws Exception {
    JarChild load =
        new JarChild(
            "--target-url", url, "--workload", "insert", "--table-size", rows, "--only-setup");
    load.awaitLine("loading item");
    return load;
  }

  /**
   * The workers' connections read without a time-out (a timed read costs a poll per statement): a
   * timed run whose server freezes must still end at its deadline, its stuck iterations in doubt.
   */
  @Test
  @Tag("long")
  void aTimedRunWhoseServerFreezesEndsOnTimeWithTheStuckIterationsInDoubt(@TempDir Path dir)
      throws Exception {
    Path data = dir.resolve("data");
    try (io.zonky.test.db.postgres.embedded.EmbeddedPostgres server =
        io.txbench.postgres.EmbeddedPostgresServer.builder().setDataDirectory(data).start()) {
      Path out = dir.resolve("frozen-timed");
      JarChild run =
          new JarChild(
              "--target-database-host",
              "127.0.0.1",
              "--target-database-port",
              String.valueOf(server.getPort()),
              "--workload",
              "update",
              "--table-size",
              "1000",
              "--parallelism",
              "4",
              "--warmup",
              "0s",
              "--duration",
              "4s",
              "--metrics",
              "1s",
              "--connection-wait-timeout",
              "5s",
              "--output-dir",
              out.toString());
      run.awaitPeriods(2);
      ServerProcesses.signal(data, "STOP");
      int code;
      try {
        code = run.awaitExit(60);
      } finally {
        ServerProcesses.signal(data, "CONT");
      }
      assertEquals(ExitCodes.TARGET, code, run.printed.toString());
      JsonNode summary = CliRun.summary(out);
      assertEquals("DURATION_ELAPSED", summary.get("stopReason").asText());
      assertTrue(summary.get("inDoubtByCause").get("abandoned").asLong() >= 1, summary.toString());
      assertEquals("not run", summary.get("verification").get("status").asText());
    }
  }

  @Test
  @Tag("long")
  void ctrlCWhileTheServerIsFrozenStillWritesTheSummaryAndCountsTheInFlightInDoubt(
      @TempDir Path dir) throws Exception {
    Path data = dir.resolve("data");
    try (io.zonky.test.db.postgres.embedded.EmbeddedPostgres server =
        io.txbench.postgres.EmbeddedPostgresServer.builder()
            .setDataDirectory(data)
            .setServerConfig("synchronous_commit", "on")
            .start()) {
      Path out = dir.resolve("frozen");
      JarChild run =
          new JarChild(
              "--target-database-host",
              "127.0.0.1",
              "--target-database-port",
              String.valueOf(server.getPort()),
              "--workload",
              "insert",
              "--table-size",
              "1000",
              "--parallelism",
              "4",
              "--warmup",
              "0s",
              "--duration",
              "5m",
              "--metrics",
              "1s",
              "--output-dir",
              out.toString());
      run.awaitPeriods(2);
      ServerProcesses.signal(data, "STOP");
      double seconds;
      try {
        Thread.sleep(500);
        seconds = run.stop("INT", 130, STOP_LIMIT_SECONDS);
      } finally {
        ServerProcesses.signal(data, "CONT");
      }
      System.out.printf("SIGINT to exit with a frozen server: %.2f s%n", seconds);
      assertTrue(
          run.printed.toString().contains("verification  not run (the run was interrupted)"),
          run.printed.toString());
      JsonNode summary = CliRun.summary(out);
      assertEquals("INTERRUPTED", summary.get("stopReason").asText());
      long committed = summary.get("iterations").asLong();
      long inDoubt = summary.get("inDoubt").asLong();
      assertTrue(inDoubt >= 1 && inDoubt <= 4, summary.toString());
      assertEquals(inDoubt, summary.get("inDoubtByCause").get("abandoned").asLong());
      // Once the server thaws, the abandoned inserts land or not: never more than in doubt.
      Thread.sleep(1_000);
      try (java.sql.Connection c =
              java.sql.DriverManager.getConnection(
                  "jdbc:postgresql://127.0.0.1:" + server.getPort() + "/postgres?user=postgres");
          java.sql.Statement s = c.createStatement();
          java.sql.ResultSet rs = s.executeQuery("SELECT COUNT(*) - 1000 FROM item")) {
        rs.next();
        long inserted = rs.getLong(1);
        assertTrue(
            inserted >= committed && inserted <= committed + inDoubt,
            inserted + " rows for " + committed + " committed and " + inDoubt + " in doubt");
      }
    }
  }

  @Test
  @Tag("long")
  void aDiskThatFillsUpMidRunCostsOneLineAndTheConsoleSummaryStillPrints(@TempDir Path dir)
      throws Exception {
    Path disk = Files.createDirectories(dir.resolve("tiny"));
    Process mount =
        new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.toString())
            .redirectErrorStream(true)
            .start();
    org.junit.jupiter.api.Assumptions.assumeTrue(
        mount.waitFor() == 0,
        "cannot mount a tmpfs here (not root?): "
            + new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    try {
      Path full = Files.createDirectories(disk.resolve("full"));
      fill(disk.resolve("filler-0"));
      Jar.Outcome refused =
          java(
              "--embedded",
              "--workload",
              "point-select",
              "--table-size",
              "100",
              "--iterations",
              "10",
              "--output-dir",
              full.resolve("run").toString());
      refused.exits(2);
      assertTrue(
          refused.err().contains("--output-dir: cannot write results to ")
              && refused.err().contains("No space left on device"),
          refused.err());
      assertFalse(refused.out().contains("loading"), "data was loaded: " + refused.out());
      Files.delete(disk.resolve("filler-0"));

      Path out = disk.resolve("run");
      JarChild run =
          new JarChild(
              "--embedded",
              "--workload",
              "point-select",
              "--table-size",
              "1000",
              "--parallelism",
              "2",
              "--warmup",
              "0s",
              "--duration",
              "4s",
              "--metrics",
              "200ms",
              "--output-dir",
              out.toString());
      run.awaitPeriods(1);
      fill(disk.resolve("filler-1"));
      int code = run.awaitExit(60);
      String printed = run.printed.toString();
      assertEquals(4, code, printed);
      assertEquals(
          1, printed.lines().filter(l -> l.contains("incomplete from here on")).count(), printed);
      assertFalse(printed.contains("Exception") || printed.contains("\tat "), printed);
      assertTrue(printed.contains("  results       INCOMPLETE in "), printed);
      assertTrue(printed.contains("  verification  passed"), printed);
      assertFalse(Files.exists(out.resolve("summary.json.partial")));
    } finally {
      new ProcessBuilder("umount", disk.toString()).start().waitFor();
    }
  }

  /** Writes to {@code file} until the disk is full. */
  private static void fill(Path file) {
    byte[] block = new byte[4096];
    try (java.io.OutputStream out = Files.newOutputStream(file)) {
      while (true) {
        out.write(block);
      }
    } catch (IOException full) {
      // No space left: that was the point.
    }
  }

  @Test
  void aLoadKilledHalfWayIsNeverRunOnAndTheNextPrepareReplacesIt(@TempDir Path dir)
      throws Exception {
    try (io.zonky.test.db.postgres.embedded.EmbeddedPostgres server =
        io.txbench.postgres.EmbeddedPostgresServer.builder().start()) {
      String url = "jdbc:postgresql://127.0.0.1:" + server.getPort() + "/postgres?user=postgres";
      JarChild load = loading(url, "3000000");
      Thread.sleep(1_000);
      load.signal("9");
      load.awaitExit(30);
      String[] run = {
        "--target-url",
        url,
        "--workload",
        "insert",
        "--skip-setup",
        "--iterations",
        "10",
        "--output-dir",
        dir.resolve("run").toString()
      };
      // The killed prepare's lease is there until its heartbeat has been silent for 30 s.
      CliRun refused = CliRun.of(run).exits(ExitCodes.TARGET);
      assertTrue(
          refused.err().contains("pid " + load.process.pid())
              && refused.err().contains("preparing the items tables"),
          refused.err());
      try (java.sql.Connection c = java.sql.DriverManager.getConnection(url)) {
        c.createStatement().execute("DELETE FROM txbench_lease"); // as its expiry would
      }
      CliRun incomplete = CliRun.of(run).exits(ExitCodes.TARGET);
      assertTrue(incomplete.err().contains("was not loaded completely"), incomplete.err());
      CliRun prepared =
          CliRun.of(
              "--target-url",
              url,
              "--workload",
              "insert",
              "--table-size",
              "1000",
              "--iterations",
              "10",
              "--output-dir",
              dir.resolve("again").toString());
      prepared.exits(0);
      CliRun.of(run).exits(0);
    }
  }
}
