package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.cli.options.ExitCodes;
import io.txbench.postgres.EmbeddedPostgresServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The uber-JAR against a PostgreSQL of the test's own that freezes, dies or restarts around the
 * warm-up and the end of a run, as a user's server does: each fault lasts past the step it is meant
 * to hit (the test waits for the step to have met it), so that none passes by coming too late.
 */
@Tag("long")
class ServerLifecycleIT {
  private static final String LOST_AFTER_WARM_UP = "the server is out of reach after the warm-up";
  private static final String BASELINE_LOST = "lost the server while taking verify's baseline";

  @TempDir Path dir;

  private EmbeddedPostgres start(Path data, int port) throws IOException {
    EmbeddedPostgres.Builder builder =
        EmbeddedPostgresServer.builder().setDataDirectory(data).setCleanDataDirectory(false);
    return (port == 0 ? builder : builder.setPort(port)).start();
  }

  private static void kill(Path data, EmbeddedPostgres server)
      throws IOException, InterruptedException {
    ServerProcesses.signal(data, "KILL");
    close(server);
  }

  /** Stops {@code server}, or forgets it when it is dead already. */
  private static void close(EmbeddedPostgres server) {
    try {
      server.close();
    } catch (IOException | RuntimeException deadAlready) {
      // pg_ctl finds nothing to stop.
    }
  }

  /** The JAR run on the server at {@code port}, writing to {@code out}, with {@code more}. */
  private static JarChild child(int port, Path out, String... more) throws IOException {
    List<String> all =
        new java.util.ArrayList<>(
            List.of(
                "--target-database-host",
                "127.0.0.1",
                "--target-database-port",
                String.valueOf(port),
                "--output-dir",
                out.toString()));
    all.addAll(List.of(more));
    return new JarChild(all.toArray(String[]::new));
  }

  /**
   * An update run on {@code server}, with a warm-up of {@code warmUp}, whose server is killed one
   * second into it.
   */
  private static JarChild killedInTheWarmUp(
      Path data, EmbeddedPostgres server, Path out, String warmUp) throws Exception {
    JarChild run =
        child(
            server.getPort(),
            out,
            "--workload",
            "update",
            "--table-size",
            "1000",
            "--parallelism",
            "4",
            "--warmup",
            warmUp,
            "--duration",
            "3s",
            "--metrics",
            "1s",
            "--connection-wait-timeout",
            "5s");
    run.awaitWarmUpPeriods(1);
    kill(data, server);
    return run;
  }

  /** Waits for any of {@code texts} in what the child printed; which one came. */
  private static String awaitAny(JarChild run, String... texts) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      String printed = run.printed.toString();
      for (String text : texts) {
        if (printed.contains(text)) {
          return text;
        }
      }
      if (!run.process.isAlive() && !run.reader.isAlive()) {
        break;
      }
      Thread.sleep(100);
    }
    return fail("none of " + List.of(texts) + " in: " + run.printed);
  }

  /**
   * The reported case: 8 workers, default metrics period, the server frozen mid-run, then Ctrl-C.
   * The telemetry's last sample must not wait for the frozen server past the signal's wait.
   */
  @Test
  void ctrlCOnAFrozenServerStillWritesSummaryAndServerCsv() throws Exception {
    Path data = dir.resolve("data");
    Path out = dir.resolve("frozen");
    try (EmbeddedPostgres server = start(data, 0)) {
      JarChild run =
          child(
              server.getPort(),
              out,
              "--workload",
              "insert",
              "--table-size",
              "1000",
              "--parallelism",
              "8",
              "--warmup",
              "0s",
              "--duration",
              "5m",
              "--connection-wait-timeout",
              "5s");
      // After the first period's server read has answered, long before the next one's.
      run.awaitPeriods(1);
      Thread.sleep(2_500);
      ServerProcesses.signal(data, "STOP");
      int code;
      try {
        Thread.sleep(500);
        new ProcessBuilder("kill", "-INT", String.valueOf(run.process.pid())).start().waitFor();
        code = run.awaitExit(60);
      } finally {
        ServerProcesses.signal(data, "CONT");
      }
      assertEquals(130, code, run.printed.toString());
      assertTrue(Files.exists(out.resolve("server.csv")), run.printed.toString());
      JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
      assertEquals("INTERRUPTED", summary.get("stopReason").asText());
      assertTrue(summary.get("iterations").asLong() > 0, summary.toString());
      assertEquals("the run was interrupted", summary.get("verification").get("cause").asText());
    }
  }

  /**
   * The server dies in the warm-up and is still dead when it ends; it comes back once the child has
   * met it dead after the warm-up (or has given up): the run goes on and is measured.
   */
  @Test
  void aServerDownAcrossTheEndOfTheWarmUpIsWaitedForAndTheRunMeasured() throws Exception {
    Path data = dir.resolve("restarted");
    Path out = dir.resolve("restart");
    EmbeddedPostgres server = start(data, 0);
    int port = server.getPort();
    try {
      JarChild run = killedInTheWarmUp(data, server, out, "15s");
      // Back only once the warm-up has ended on a dead server: the fault outlasts the warm-up.
      awaitAny(run, LOST_AFTER_WARM_UP, BASELINE_LOST);
      server = start(data, port);
      int code = run.awaitExit(180);
      assertEquals(ExitCodes.OK, code, run.printed.toString());
      JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
      assertEquals("DURATION_ELAPSED", summary.get("stopReason").asText());
      assertTrue(summary.get("iterations").asLong() > 0, summary.toString());
      assertEquals("passed", summary.get("verification").get("status").asText());
    } finally {
      close(server);
    }
  }

  /** The server dies in the warm-up for good: exit 3, one line, and no result directory. */
  @Test
  void aServerLostDuringTheWarmUpIsExitCode3AndLeavesNoResultDirectory() throws Exception {
    Path data = dir.resolve("doomed");
    Path out = dir.resolve("warm");
    EmbeddedPostgres server = start(data, 0);
    try {
      JarChild run = killedInTheWarmUp(data, server, out, "3s");
      assertEquals(ExitCodes.TARGET, run.awaitExit(120), run.printed.toString());
      List<String> lines = run.printed.toString().lines().toList();
      assertEquals(
          1,
          lines.stream().filter(l -> l.startsWith("txbench: " + BASELINE_LOST)).count(),
          run.printed.toString());
      assertEquals(
          1, lines.stream().filter(l -> l.startsWith("txbench:")).count(), run.printed.toString());
      assertFalse(Files.exists(out), () -> out + " was left: " + list(out));
    } finally {
      close(server);
    }
  }

  private static String list(Path directory) {
    try (var files = Files.list(directory)) {
      return files.map(f -> f.getFileName().toString()).toList().toString();
    } catch (IOException e) {
      return e.toString();
    }
  }
}
