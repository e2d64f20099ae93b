package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scheduled runs end to end, as the timer starts them: deploy/run-benchmarks.sh runs the JAR
 * (cli/target/benchmark.jar) on two benchmarks against embedded PostgreSQL, keeps each run by date
 * under one root, runs {@code history} over it and alerts. Twice with nothing to say, then a third
 * time with a slowdown planted in one of them: history flags that series and not the other, and the
 * alert command runs with the message. And a failed threshold alerts too.
 *
 * <p>The two are airline series, 2 threads at full speed and 4 threads that hold each transaction
 * open 20 ms by design, not airline and point-select: on this 2-core machine, shared by builds,
 * point-select's sub-millisecond p99 swung 18-fold between three 2-second runs (0.18, 3.2, 0.92
 * ms), past any threshold history accepts, while a p99 made of a 20 ms sleep moves by a fraction.
 */
@Tag("long")
class ScheduledRunsIT {
  /**
   * How long one runner's two benchmarks may take before the test calls it hung: each starts a JVM
   * and an embedded PostgreSQL, which took more than 120 s together beside the long tier's other
   * servers on a loaded 2-core machine.
   */
  private static final int SECONDS = 420;

  /**
   * history flags a change past this percentage (or past 3 times the baseline's spread): generous,
   * because here the full-speed airline's p99 swung 3.5-fold between runs (4.4, 15, 21 ms). The
   * planted 2 s sleep (an iteration still ends within the run's 3 s of grace) puts its p99 past six
   * times any baseline's under 330 ms: a machine so busy that 2 threads made 3 bookings a second
   * stretched the baseline's to 616 ms, past what the 500 ms sleep this test planted before could
   * outgrow. The held series would need a p99 six times its 20 ms. (tps, which cannot fall by more
   * than 100%, cannot reach it.)
   */
  private static final String MIN_CHANGE = "500";

  @TempDir Path dir;

  private RunnerScript.Config config(String airlineExtra, String... benchmarks) throws IOException {
    Path password = dir.resolve("password");
    Files.writeString(password, "not-needed-by-the-embedded-server\n");
    // No commit check: its two waits of 10 s for PostgreSQL's counts would be most of each run,
    // and what is tested here is the schedule, the history and the alert, not the counts.
    String quick = " --embedded --workload airline --warmup 0s --duration 2s --no-commit-check ";
    List<String> lines =
        benchmarks.length > 0
            ? List.of(benchmarks)
            : List.of(
                "airline" + quick + "--parallelism 2 --threshold 'p99<60s' " + airlineExtra,
                "held" + quick + "--parallelism 4 --booking-sleep 20ms --threshold 'tps>=1'");
    return new RunnerScript.Config(
        dir.resolve("results"),
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-jar",
            Jar.FILE.toAbsolutePath().toString()),
        RunnerScript.alertInto(dir),
        "PASSWORD_FILE='"
            + password
            + "'\n"
            + "HISTORY_OPTIONS=(--baseline-runs 2 --min-change "
            + MIN_CHANGE
            + ")",
        lines);
  }

  private String alert() throws IOException {
    String message = Files.readString(dir.resolve("alert-arg"));
    assertEquals(message, Files.readString(dir.resolve("alert-env")));
    return message;
  }

  @Test
  void aPlantedSlowdownIsFlaggedInItsSeriesAloneAndAlerts() throws Exception {
    assertTrue(Files.exists(Jar.FILE), "build the JAR first (mvn package)");
    for (int run = 1; run <= 2; run++) {
      RunnerScript.Outcome outcome = RunnerScript.run(config(""), dir, SECONDS);
      assertEquals(0, outcome.code(), "run " + run + ": " + outcome.printed());
      assertFalse(Files.exists(dir.resolve("alert-arg")), "run " + run + " alerted");
    }
    RunnerScript.Outcome slowed = RunnerScript.run(config("--booking-sleep 2s"), dir, SECONDS);
    assertEquals(1, slowed.code(), slowed.printed());
    String message = alert();
    assertTrue(message.contains("\n- history: a regression\n"), message);
    assertEquals(1, message.lines().filter(line -> line.startsWith("- ")).count(), message);
    // One series regressed, the one with the planted sleep: history names it by its parallelism.
    List<String> regressions =
        message.lines().map(String::strip).filter(l -> l.startsWith("REGRESSION")).toList();
    assertEquals(1, regressions.size(), message);
    assertTrue(regressions.get(0).contains("airline x2 "), message);

    // Every run kept by its date, each benchmark's results and console in it; the trend page.
    Path results = dir.resolve("results");
    List<Path> runs;
    try (Stream<Path> listed = Files.list(results)) {
      runs = listed.filter(Files::isDirectory).sorted().toList();
    }
    assertEquals(3, runs.size(), runs.toString());
    for (Path run : runs) {
      for (String name : List.of("airline", "held")) {
        assertTrue(Files.exists(run.resolve(name).resolve("summary.json")), run + "/" + name);
        assertTrue(Files.exists(run.resolve(name + ".log")), run + "/" + name + ".log");
      }
    }
    assertTrue(Files.size(results.resolve("history.html")) > 0);
    String history = Files.readString(runs.get(2).resolve("history.txt"));
    assertTrue(
        history.lines().anyMatch(l -> l.contains("airline x4 ") && !l.startsWith("REGRESSION")),
        history);
  }

  @Test
  void aFailedThresholdAlerts() throws Exception {
    RunnerScript.Outcome outcome =
        RunnerScript.run(
            config(
                "",
                "point-select --embedded --workload point-select --table-size 1000"
                    + " --parallelism 2 --warmup 0s --duration 1s --no-commit-check"
                    + " --threshold 'p99<1us'"),
            dir,
            SECONDS);
    assertEquals(1, outcome.code(), outcome.printed());
    String message = alert();
    assertTrue(message.contains("\n- point-select: exit 5, a threshold failed\n"), message);
    assertTrue(message.contains("FAIL"), message);
    assertFalse(message.contains("history"), message);
  }
}
