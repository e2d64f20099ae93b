package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.txbench.cli.options.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs beside other runs, from the command line against a real PostgreSQL: a second prepare, or a
 * run that would prepare, is refused while another txbench holds the tables, naming it; runs over
 * loaded data share them; and a result directory is never shared.
 */
class OwnershipCliIT extends PostgresServer {
  @TempDir Path dir;

  private String[] in(String database, String... more) {
    String[] args = new String[more.length + 2];
    args[0] = "--target-url";
    args[1] = url(database);
    System.arraycopy(more, 0, args, 2, more.length);
    return args;
  }

  /** Waits until a txbench holds a lease in {@code database}. */
  private void awaitLease(String database) throws Exception {
    for (int i = 0; i < 600; i++) {
      try {
        if (query(database, "SELECT COUNT(*) FROM txbench_lease") > 0) {
          return;
        }
      } catch (java.sql.SQLException notYet) {
        // The lease table is not there yet.
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no lease appeared in " + database);
  }

  @Test
  void aSecondPrepareIsRefusedWhileTheFirstLoadsAndTheFirstIsUnharmed() throws Exception {
    createDatabase("twoprepares");
    CompletableFuture<CliRun> first =
        CompletableFuture.supplyAsync(
            () ->
                CliRun.of(
                    in(
                        "twoprepares",
                        "--workload",
                        "insert",
                        "--table-size",
                        "1500000",
                        "--only-setup")));
    awaitLease("twoprepares");
    CliRun second =
        CliRun.of(
            in("twoprepares", "--workload", "point-select", "--table-size", "100", "--only-setup"));
    assertEquals(ExitCodes.TARGET, second.exitCode(), second.err());
    assertTrue(
        second.err().contains("the items tables are in use by another txbench")
            && second.err().contains("pid " + ProcessHandle.current().pid())
            && second.err().contains("preparing the items tables"),
        second.err());
    assertEquals(1, second.err().strip().lines().count(), second.err());
    CliRun done = first.get(3, TimeUnit.MINUTES);
    assertEquals(0, done.exitCode(), done.err());
    assertEquals(1_500_000, query("twoprepares", "SELECT COUNT(*) FROM item"));
    CliRun run =
        CliRun.of(
            in(
                "twoprepares",
                "--workload",
                "point-select",
                "--skip-setup",
                "--iterations",
                "50",
                "--output-dir",
                dir.resolve("after").toString()));
    assertEquals(0, run.exitCode(), run.err());
  }

  @Test
  void aRunThatWouldPrepareIsRefusedWhileAnotherRunsAndRunsOverLoadedDataShare() throws Exception {
    createDatabase("underrun");
    assertEquals(
        0,
        CliRun.of(in("underrun", "--workload", "update", "--table-size", "1000", "--only-setup"))
            .exitCode());
    // The run's updates wait for this lock, so the run is under way, holding its lease, until the
    // test lets it go, however slow the machine: reads go on beside it.
    CompletableFuture<CliRun> running;
    try (java.sql.Connection lock = java.sql.DriverManager.getConnection(url("underrun"));
        java.sql.Statement s = lock.createStatement()) {
      lock.setAutoCommit(false);
      s.execute("LOCK TABLE item IN SHARE MODE");
      running =
          CompletableFuture.supplyAsync(
              () ->
                  CliRun.of(
                      in(
                          "underrun",
                          "--workload",
                          "update",
                          "--skip-setup",
                          "--warmup",
                          "0s",
                          "--iterations",
                          "200",
                          "--output-dir",
                          dir.resolve("running").toString())));
      awaitLease("underrun");
      CliRun beside =
          CliRun.of(
              in(
                  "underrun",
                  "--workload",
                  "point-select",
                  "--skip-setup",
                  "--iterations",
                  "100",
                  "--no-verify",
                  "--output-dir",
                  dir.resolve("beside").toString()));
      assertEquals(0, beside.exitCode(), beside.err());
      // Bounded: a prepare that got past the lease would wait for the lock until the test ends.
      CliRun prepare =
          CompletableFuture.supplyAsync(
                  () ->
                      CliRun.of(
                          in(
                              "underrun",
                              "--workload",
                              "update",
                              "--table-size",
                              "1000",
                              "--iterations",
                              "10",
                              "--output-dir",
                              dir.resolve("prepare").toString())))
              .get(2, TimeUnit.MINUTES);
      assertEquals(ExitCodes.TARGET, prepare.exitCode(), prepare.err());
      assertTrue(prepare.err().contains("running on the items tables"), prepare.err());
      CliRun drop =
          CompletableFuture.supplyAsync(() -> CliRun.of(in("underrun", "--drop")))
              .get(2, TimeUnit.MINUTES);
      assertEquals(ExitCodes.TARGET, drop.exitCode(), drop.err());
      assertFalse(running.isDone(), "the run ended while its updates were locked out");
      lock.commit();
    }
    CliRun run = running.get(2, TimeUnit.MINUTES);
    assertEquals(0, run.exitCode(), run.err() + run.out());
    assertTrue(run.out().contains("verification  passed"), run.out());
    assertEquals(
        0, query("underrun", "SELECT COUNT(*) FROM txbench_lease"), "a lease outlived its run");
  }

  @Test
  void dropFirstDropsTxbenchsOwnDataThenLoadsAndRunsAndLeavesAForeignTableAlone() throws Exception {
    createDatabase("dropfirst");
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url("dropfirst"));
        java.sql.Statement s = c.createStatement()) {
      s.execute("CREATE TABLE keep (id INT)");
      s.execute("INSERT INTO keep VALUES (1), (2)");
    }
    CliRun items =
        CliRun.of(
            in(
                "dropfirst",
                "--workload",
                "insert",
                "--table-size",
                "100",
                "--iterations",
                "20",
                "--output-dir",
                dir.resolve("items").toString()));
    assertEquals(0, items.exitCode(), items.err());
    assertEquals(120, query("dropfirst", "SELECT COUNT(*) FROM item"));
    CliRun again =
        CliRun.of(
            in(
                "dropfirst",
                "--workload",
                "point-select",
                "--table-size",
                "50",
                "--iterations",
                "10",
                "--drop-first",
                "--output-dir",
                dir.resolve("again").toString()));
    assertEquals(0, again.exitCode(), again.err());
    assertTrue(again.out().contains("Dropped what txbench created: item"), again.out());
    assertTrue(again.out().contains("verification  passed"), again.out());
    assertEquals(50, query("dropfirst", "SELECT COUNT(*) FROM item"));
    assertEquals(2, query("dropfirst", "SELECT COUNT(*) FROM keep"));
    CliRun refused = CliRun.of(in("dropfirst", "--drop-first", "--skip-setup"));
    assertEquals(ExitCodes.USAGE, refused.exitCode(), refused.err());
    assertTrue(refused.err().contains("--drop-first excludes --skip-setup"), refused.err());
  }

  @Test
  void aDirectoryHoldingARunIsRefusedAndOverwrittenOnlyWhenAskedAndOnlyItsResults()
      throws Exception {
    createDatabase("reuse");
    Path out = dir.resolve("reused");
    String[] run =
        in(
            "reuse",
            "--workload",
            "point-select",
            "--table-size",
            "100",
            "--iterations",
            "50",
            "--output-dir",
            out.toString());
    assertEquals(0, CliRun.of(run).exitCode());
    Files.writeString(out.resolve("notes.txt"), "mine");
    CliRun again = CliRun.of(run);
    assertEquals(ExitCodes.USAGE, again.exitCode(), again.err());
    assertTrue(
        again.err().contains("already holds the results of a run")
            && again.err().contains("--overwrite"),
        again.err());
    String[] overwrite =
        java.util.stream.Stream.concat(
                java.util.Arrays.stream(run), java.util.stream.Stream.of("--overwrite"))
            .toArray(String[]::new);
    assertEquals(0, CliRun.of(overwrite).exitCode());
    List<String> iterations = Files.readAllLines(out.resolve("iterations.csv"));
    assertEquals(
        1, iterations.stream().filter(l -> l.startsWith("t,")).count(), iterations.toString());
    assertEquals("mine", Files.readString(out.resolve("notes.txt")));
    assertEquals(
        50,
        new ObjectMapper()
            .readTree(out.resolve("summary.json").toFile())
            .get("iterations")
            .asLong());
  }
}
