package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --start-at} against a real PostgreSQL: two clients given the same time measure together,
 * and sessions that wait longer than the server lets a connection idle are kept alive.
 */
class StartAtCliIT extends PostgresServer {
  /**
   * How far ahead the start is: time enough for a busy 2-core machine to attach to the data and
   * open the sessions of two clients, with seconds to spare.
   */
  private static final Duration AHEAD = Duration.ofSeconds(8);

  @TempDir Path dir;

  private CliRun run(String database, String... more) {
    Stream<String> target =
        Stream.of(
            "--target-url",
            url(database),
            "--workload",
            "point-select",
            "--table-size",
            "1000",
            "--no-commit-check");
    return CliRun.of(Stream.concat(target, Stream.of(more)).toArray(String[]::new));
  }

  /** A client of a run already set up, starting at {@code at}, writing to {@code out}. */
  private CliRun client(String database, Instant at, Path out, String... more) {
    Stream<String> client =
        Stream.of(
            "--skip-setup",
            "--no-verify",
            "--parallelism",
            "2",
            "--warmup",
            "0",
            "--duration",
            "2s",
            "--start-at",
            at.toString(),
            "--output-dir",
            out.toString());
    return run(database, Stream.concat(client, Stream.of(more)).toArray(String[]::new));
  }

  @Test
  void twoClientsGivenTheSameTimeStartTheirWindowsTogetherAndMerge() throws Exception {
    createDatabase("together");
    assertEquals(0, run("together", "--only-setup").exitCode());
    // A machine too busy to open both clients' sessions before the start makes one start late,
    // as it says: then the same again with twice the lead. No clock decides the verdict.
    Duration ahead = AHEAD;
    Instant at;
    Path a;
    Path b;
    CliRun second;
    for (int attempt = 0; ; attempt++) {
      at = Instant.now().plus(ahead).truncatedTo(ChronoUnit.SECONDS);
      a = dir.resolve("client-a-" + attempt);
      b = dir.resolve("client-b-" + attempt);
      Instant start = at;
      Path outA = a;
      CompletableFuture<CliRun> first =
          CompletableFuture.supplyAsync(() -> client("together", start, outA));
      second = client("together", at, b);
      assertEquals(0, first.get().exitCode(), first.get().err());
      assertEquals(0, second.exitCode(), second.err());
      String said = first.get().out() + first.get().err() + second.out() + second.err();
      boolean late = said.contains("(--start-at): the load starts now");
      if (!late || attempt == 3) {
        assertFalse(late, "both clients were late four times, the last " + ahead + " ahead");
        break;
      }
      ahead = ahead.multipliedBy(2);
    }
    assertTrue(
        second.out().contains("Waiting for the start at " + at + " (--start-at): "), second.out());
    ObjectMapper json = new ObjectMapper();
    JsonNode sa = json.readTree(a.resolve("summary.json").toFile());
    JsonNode sb = json.readTree(b.resolve("summary.json").toFile());
    Instant startA = Instant.parse(sa.get("start").asText());
    Instant startB = Instant.parse(sb.get("start").asText());
    for (Instant start : List.of(startA, startB)) {
      assertFalse(start.isBefore(at), start + " is before the start at " + at);
    }
    // Both waited for the same instant; a busy machine may wake one a little later, never seconds.
    long apart = Math.abs(Duration.between(startA, startB).toMillis());
    assertTrue(
        apart < 1_000, "the windows started " + apart + " ms apart: " + startA + ", " + startB);
    assertEquals(at.toString(), sa.get("options").get("start-at").asText());
    CliRun merge =
        CliRun.of("merge", a.toString(), b.toString(), "--output", dir.resolve("m").toString());
    assertEquals(0, merge.exitCode(), merge.err());
    assertFalse(merge.err().contains("understates"), merge.err()); // they ran together throughout
  }

  /**
   * The server closes a session idle for 3 s, and the clients wait twice as long with their
   * sessions open: pinged every half of --connection-idle-timeout, none is closed, and the run
   * counts no error.
   */
  @Test
  void sessionsWaitingLongerThanTheServerLetsThemIdleAreKeptAlive() throws Exception {
    createDatabase("idle");
    assertEquals(0, run("idle", "--only-setup").exitCode());
    try (Connection c = DriverManager.getConnection(url("postgres"));
        Statement s = c.createStatement()) {
      s.execute("ALTER DATABASE idle SET idle_session_timeout = '3s'");
    }
    Path out = dir.resolve("kept");
    CliRun client =
        client("idle", Instant.now().plus(AHEAD), out, "--connection-idle-timeout", "2s");
    assertEquals(0, client.exitCode(), client.err());
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertEquals(0, summary.get("errors").asLong(), client.out());
    assertTrue(summary.get("iterations").asLong() > 0, client.out());
  }
}
