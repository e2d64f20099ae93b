package io.txbench.core.run;

import io.txbench.core.spi.Dropped;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.OpenTarget;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.Workload;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.WorkloadTable;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;

/**
 * A workload for lifecycle tests that logs the steps it is taken through, and its provider and
 * target: an {@link IOException} stands for a lost connection, and verify throws {@code
 * verifyFailure} when there is one ({@code verifyFailsOnce}: the first time only).
 */
final class LoggedWorkload implements Workload<AutoCloseable, Exception> {
  final List<String> log = new CopyOnWriteArrayList<>();
  volatile @Nullable Exception verifyFailure;
  volatile boolean verifyFailsOnce;
  volatile @Nullable Exception baselineFailure;

  @Override
  public void prepare(Progress progress) {
    try (Progress.Task task = progress.start("rows", 1)) {
      log.add("prepare");
      task.advance(1);
    }
  }

  @Override
  public OptionValues attach() {
    log.add("attach");
    return OptionValues.defaults();
  }

  @Override
  public Lease lease(LeaseMode mode) {
    log.add("lease " + mode);
    return new Lease() {
      @Override
      public void share() {
        log.add("share");
      }

      @Override
      public void close() {
        log.add("release");
      }
    };
  }

  @Override
  public void beforeRun() throws Exception {
    log.add("baseline");
    if (baselineFailure != null) {
      throw baselineFailure;
    }
  }

  @Override
  public AutoCloseable openSession(Worker worker) {
    log.add("session");
    return () -> log.add("session closed");
  }

  @Override
  public void iteration(Worker worker, AutoCloseable session) {}

  @Override
  public Verification verify(Tally tally) throws Exception {
    log.add("verify " + tally.completed());
    Exception failure = verifyFailure;
    if (failure != null) {
      if (verifyFailsOnce) {
        verifyFailure = null;
      }
      throw failure;
    }
    return Verification.of(Map.of("committed", tally.completed()), List.of());
  }

  /** A provider whose target has this workload, and logs being opened and closed. */
  TargetBinding provider() {
    Target target =
        new Target() {
          @Override
          public String serverVersion() {
            return "logged 1.0";
          }

          @Override
          public String driver() {
            return "logged driver 1.0";
          }

          @Override
          public Failure classify(Throwable error) {
            return Failure.fatal(
                error instanceof IOException ? ErrorClass.CONNECTION : ErrorClass.OTHER);
          }

          @Override
          public void close() {
            log.add("target closed");
          }
        };
    return new TargetBinding() {
      @Override
      public String target() {
        return "logged";
      }

      // No kind to list: the tests hand no workload options, and workload() below answers alone.
      @Override
      public WorkloadTable<Target> workloads() {
        return WorkloadTable.of();
      }

      // Nothing connects to a port, a database or as a user: a benchmark opens the target above.
      @Override
      public String defaultDatabase() {
        return "none";
      }

      @Override
      public int defaultPort() {
        return 0;
      }

      @Override
      public @Nullable String defaultUser() {
        return null;
      }

      @Override
      public List<String> urlSchemes() {
        return List.of();
      }

      @Override
      public OpenTarget<?, ?> open(TargetOptions options, WorkloadOptions workload) {
        log.add("open");
        return new OpenTarget<>(
            target,
            (t, o) -> LoggedWorkload.this,
            t -> {
              log.add("drop");
              return new Dropped(List.of("logged"), List.of());
            });
      }
    };
  }
}
