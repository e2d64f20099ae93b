package io.txbench.core.run;

import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.core.spi.Causes;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.server.CommitCounter;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.ServerTelemetry;
import io.txbench.core.telemetry.MachineProbe;
import io.txbench.core.telemetry.ServerProcesses;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A benchmark's telemetry, from its first measured run to its close: the server's counters on a
 * connection of their own, the machine's numbers, the server's processes when they run here, and
 * the commit cross-check. What the server will not tell (no privilege) is said once, in one line,
 * and the runs go on without it.
 */
public final class Telemetry implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Telemetry.class);

  private final @Nullable ServerTelemetry<?> server;
  private final @Nullable MachineProbe machine;
  private final @Nullable ServerProcesses processes;
  private final Lease lease;
  private final boolean transactions;
  private final boolean byStatement;

  private Telemetry(
      @Nullable ServerTelemetry<?> server,
      @Nullable MachineProbe machine,
      @Nullable ServerProcesses processes,
      Lease lease,
      WorkloadOptions workload) {
    this.server = server;
    this.machine = machine;
    this.processes = processes;
    this.lease = lease;
    this.transactions = workload.transactional();
    this.byStatement = workload.kind().commitsByStatement();
  }

  /**
   * Opens what {@code target} offers, for runs of {@code workload} (whose iterations are
   * transactions or not, or whose commits its statements tell), under {@code lease}.
   */
  static Telemetry open(Target target, Lease lease, WorkloadOptions workload) {
    @Nullable ServerTelemetry<?> server;
    try {
      server = target.telemetry().orElse(null);
    } catch (RuntimeException e) {
      server =
          ServerTelemetry.none(
              Optional.empty(), Optional.of("no server telemetry: " + Causes.describe(e)));
    }
    if (server != null) {
      server.warning().ifPresent(LOG::warn);
    }
    ServerProcesses processes =
        server == null ? null : server.endpoint().flatMap(ServerProcesses::find).orElse(null);
    return new Telemetry(server, MachineProbe.local().orElse(null), processes, lease, workload);
  }

  /**
   * A sampler for one run's periods, handing its rows to {@code listener}, reading the server no
   * more once {@code stopping}.
   */
  TelemetrySampler sampler(Duration period, RunListener listener, BooleanSupplier stopping) {
    return new TelemetrySampler(
        server, machine, processes, period, listener::onTelemetry, stopping);
  }

  /** {@code following}, with {@code sampler} started at the run's start and stopped at its end. */
  static RunListener sampled(RunListener following, TelemetrySampler sampler) {
    if (!sampler.any()) {
      return following;
    }
    return new RunListener() {
      @Override
      public void onStart(long startMillis, int threads) {
        following.onStart(startMillis, threads);
        sampler.start(System.nanoTime());
      }

      @Override
      public void onInterval(IntervalStats stats) {
        following.onInterval(stats);
      }

      @Override
      public void onEnd(RunResult result) {
        sampler.stop(); // its last row comes before the files close
        following.onEnd(result);
      }
    };
  }

  /**
   * The commit cross-check of a run, or why there is none: it does not apply, or the server would
   * not tell its counter (its telemetry's warning); nothing when the server has no counter at all.
   * A run whose commits its statements tell is checked whether its iterations are transactions or
   * not: each statement's own commit is counted as the server counts it.
   */
  Checked commitCheck() {
    if (server == null) {
      return new Checked(null, Optional.empty());
    }
    if (server.commits().isEmpty()) {
      return new Checked(null, server.warning());
    }
    CommitCounter<?> counter = server.commits().get();
    Optional<String> why = counter.inapplicable(transactions || byStatement);
    return why.isPresent()
        ? new Checked(null, why)
        : new Checked(new CommitCheck(counter, lease, byStatement), Optional.empty());
  }

  /** A run's check, or why it has none (empty when the server cannot say). */
  record Checked(@Nullable CommitCheck check, Optional<String> why) {}

  /** What the summary says of the telemetry, before the cross-check is added. */
  TelemetryFindings flags() {
    boolean serverCounters = server != null && !server.columns().isEmpty();
    return new TelemetryFindings(
        serverCounters,
        machine != null,
        processes != null,
        server == null ? Optional.empty() : server.warning(),
        Optional.empty(),
        Optional.empty());
  }

  @Override
  public void close() {
    if (server != null) {
      server.close();
    }
  }
}
