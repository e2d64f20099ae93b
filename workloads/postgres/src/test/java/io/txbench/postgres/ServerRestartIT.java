package io.txbench.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.Backoff;
import io.txbench.core.ErrorClass;
import io.txbench.core.IntervalStats;
import io.txbench.core.IsolationLevel;
import io.txbench.core.Metrics;
import io.txbench.core.MongoOptions;
import io.txbench.core.Progress;
import io.txbench.core.RunListener;
import io.txbench.core.RunOptions;
import io.txbench.core.RunResult;
import io.txbench.core.Runner;
import io.txbench.core.Secret;
import io.txbench.core.Target;
import io.txbench.core.TargetOptions;
import io.txbench.core.Workload;
import io.txbench.core.WorkloadOptions;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server goes away in the middle of a run and comes back: the failed iterations are counted
 * as connection errors, the workers reconnect, the run goes on and its results are complete.
 */
class ServerRestartIT {
  @TempDir Path data;

  private EmbeddedPostgres start(int port) throws IOException {
    return EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false)
        .setPort(port).start();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void aRestartMidRunIsCountedAndSurvived() throws Exception {
    int port = freePort();
    EmbeddedPostgres postgres = start(port);
    TargetOptions target = new TargetOptions("127.0.0.1", port, "postgres", "postgres",
        Secret.none(), null, 4, 4, Duration.ofSeconds(1), Duration.ofMinutes(10),
        IsolationLevel.REPEATABLE_READ, MongoOptions.defaults());
    WorkloadOptions options = new WorkloadOptions(WorkloadOptions.UPDATE, 1_000, 42, 1,
        Duration.ZERO, false);
    PostgresProvider provider = new PostgresProvider();
    List<IntervalStats> intervals = new CopyOnWriteArrayList<>();
    try (Target opened = provider.open(target, options)) {
      Workload workload = provider.workload(opened, options);
      workload.prepare(Progress.silent());
      workload.beforeRun();
      RunOptions run = new RunOptions(4, Duration.ofSeconds(9), 0, Duration.ofSeconds(1), 3, 0, 1,
          new Backoff(Duration.ofMillis(10), Duration.ofMillis(500)));
      Runner runner = new Runner(run, new Metrics(), new RunListener() {
        @Override
        public void onInterval(IntervalStats stats) {
          intervals.add(stats);
        }
      });
      CompletableFuture<RunResult> running = CompletableFuture.supplyAsync(() -> {
        try {
          return runner.run(workload, opened);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      });
      Thread.sleep(2_500);
      postgres.close();
      Thread.sleep(2_000);
      postgres = start(port);
      RunResult result = running.get(60, TimeUnit.SECONDS);

      assertTrue(result.errorsByClass().get(ErrorClass.CONNECTION) > 0,
          "connection errors " + result.errorsByClass());
      assertEquals(result.errors(), result.errorsByClass().get(ErrorClass.CONNECTION)
          + result.errorsByClass().get(ErrorClass.OTHER));
      IntervalStats last = intervals.get(intervals.size() - 1);
      IntervalStats beforeLast = intervals.get(intervals.size() - 2);
      assertTrue(last.count() + beforeLast.count() > 0, "no iteration after the restart");
      assertEquals(result.iterations(), intervals.stream().mapToLong(IntervalStats::count).sum());
      // Every committed update is in the table, none that failed.
      assertTrue(workload.verify(result.iterations()).passed(),
          workload.verify(result.iterations()).anomalies().toString());
    } finally {
      postgres.close();
    }
  }
}
