package io.txbench.core.run;

import io.txbench.core.spi.Causes;
import io.txbench.core.spi.server.ServerTelemetry;
import io.txbench.core.spi.server.TelemetryColumn;
import io.txbench.core.telemetry.MachineProbe;
import io.txbench.core.telemetry.ServerProcesses;
import io.txbench.core.telemetry.TelemetryRow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples the machine, the server's processes and the server's own counters once per metrics period
 * of a measured run, on a thread of its own, aligned with the run's start, and hands each period's
 * row to {@code sink}. The server is read on yet another thread and waited for a little while only:
 * a read that fails, or comes too late, or is still under way from an earlier period, leaves that
 * row's server cells empty (and the next row's counters, whose growth is then unknown), so that a
 * slow or frozen server never holds up the workers, the progress line or this thread. Once the
 * run's stop is asked for ({@code stopping}), it reads the server no more and waits for no read
 * under way: the run's record comes first.
 */
final class TelemetrySampler {
  private static final Logger LOG = LoggerFactory.getLogger(TelemetrySampler.class);

  /** The longest a period waits for the server's answer. */
  private static final long MAX_WAIT_NANOS = TimeUnit.SECONDS.toNanos(2);

  /** Beyond the wait for the server, how long a sample under way may take to end at the stop. */
  private static final long STOP_SLACK_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final @Nullable ServerTelemetry<?> server;
  private final @Nullable MachineProbe machine;
  private final @Nullable ServerProcesses processes;
  private final long periodNanos;
  private final long waitNanos;
  private final Consumer<TelemetryRow> sink;
  private final BooleanSupplier stopping;
  private final List<String> columns = new ArrayList<>();
  private final ScheduledExecutorService ticker;
  private final @Nullable ExecutorService reader; // none when the server is not sampled
  private long startNanos;
  private long lastNanos;
  // The last reading of each source: none before the first, or when not sampled or not answered.
  private MachineProbe.@Nullable Reading lastMachine;
  private ServerProcesses.@Nullable Reading lastProcesses;
  private @Nullable Map<String, Long> lastServer;
  private volatile @Nullable Future<Map<String, Long>> pending;
  private long rows;
  private boolean failureLogged;

  /**
   * Each of {@code server}, {@code machine}, {@code processes} may be null: not sampled. {@code
   * stopping} says whether the run's stop was asked for.
   */
  TelemetrySampler(
      @Nullable ServerTelemetry<?> server,
      @Nullable MachineProbe machine,
      @Nullable ServerProcesses processes,
      Duration period,
      Consumer<TelemetryRow> sink,
      BooleanSupplier stopping) {
    this.server = server == null || server.columns().isEmpty() ? null : server;
    this.machine = machine;
    this.processes = processes;
    this.periodNanos = period.toNanos();
    this.waitNanos =
        Math.max(TimeUnit.MILLISECONDS.toNanos(50), Math.min(MAX_WAIT_NANOS, periodNanos / 2));
    this.sink = sink;
    this.stopping = stopping;
    if (machine != null) {
      columns.addAll(machine.columns());
    }
    if (processes != null) {
      columns.addAll(processes.columns());
    }
    if (this.server != null) {
      this.server.columns().forEach(c -> columns.add("db_" + c.name()));
    }
    ticker = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "txbench-telemetry"));
    reader =
        this.server == null
            ? null
            : Executors.newSingleThreadExecutor(r -> daemon(r, "txbench-telemetry-read"));
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  /** The columns of its rows after {@code t} and {@code period_s}; none when it samples nothing. */
  List<String> columns() {
    return List.copyOf(columns);
  }

  /** Takes the first reading now, and one at the end of each period after {@code start}. */
  void start(long start) {
    startNanos = start;
    ticker.execute(() -> sample(false));
    long firstDelay = start + periodNanos - System.nanoTime();
    // Stopped by shutting the executor down; sample() catches its own failures.
    ScheduledFuture<?> unused =
        ticker.scheduleAtFixedRate(
            () -> sample(true), Math.max(0, firstDelay), periodNanos, TimeUnit.NANOSECONDS);
  }

  /**
   * Stops the periods and hands over the last one, from the last period's end to now, unless it is
   * too short to tell anything (a tenth of a period) and not the run's only one; returns once it is
   * handed over. A stopped run's last row has no server cells.
   */
  void stop() {
    Future<Map<String, Long>> underWay = pending;
    if (stopping.getAsBoolean() && underWay != null) {
      underWay.cancel(true); // its period waits for it no more
    }
    ticker.shutdown();
    try {
      if (ticker.awaitTermination(MAX_WAIT_NANOS + STOP_SLACK_NANOS, TimeUnit.NANOSECONDS)
          && lastNanos != 0
          && (rows == 0 || System.nanoTime() - lastNanos > periodNanos / 10)) {
        sample(true);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      ticker.shutdownNow();
      if (reader != null) {
        reader.shutdownNow();
      }
    }
  }

  /** Reads everything now; hands over the period that ends now unless this is the first reading. */
  private synchronized void sample(boolean emit) {
    try {
      long now = System.nanoTime();
      Future<Map<String, Long>> read = askServer();
      MachineProbe.Reading m = machine == null ? null : machine.read();
      ServerProcesses.Reading p = processes == null ? null : processes.read();
      Map<String, Long> s = answer(read);
      if (emit && lastNanos != 0) {
        double seconds = (now - lastNanos) / 1e9;
        List<@Nullable Number> values = new ArrayList<>();
        // A source sampled now was read at the last reading too: m, p and their last are there.
        if (machine != null && m != null && lastMachine != null) {
          values.addAll(machine.cells(lastMachine, m));
        }
        if (processes != null && p != null && lastProcesses != null) {
          values.addAll(processes.cells(lastProcesses, p, seconds));
        }
        if (server != null) {
          values.addAll(serverCells(server.columns(), lastServer, s));
        }
        rows++;
        sink.accept(
            new TelemetryRow(round((now - startNanos) / 1e9), round(seconds), columns, values));
      }
      lastNanos = now;
      lastMachine = m;
      lastProcesses = p;
      lastServer = s;
    } catch (RuntimeException e) {
      LOG.debug("telemetry sample failed: {}", Causes.describe(e));
    }
  }

  /**
   * Starts a read of the server, unless one is still under way (then none this period) or the run's
   * stop was asked for.
   */
  private @Nullable Future<Map<String, Long>> askServer() {
    Future<Map<String, Long>> underWay = pending;
    if (server == null
        || reader == null
        || (underWay != null && !underWay.isDone())
        || stopping.getAsBoolean()) {
      return null;
    }
    Future<Map<String, Long>> read = reader.submit(server::read);
    pending = read;
    return read;
  }

  /** The read's answer if it comes in time; null when it fails or is late. */
  private @Nullable Map<String, Long> answer(@Nullable Future<Map<String, Long>> read) {
    if (read == null) {
      return null;
    }
    try {
      return read.get(waitNanos, TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } catch (CancellationException e) {
      return null; // the run was stopped
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      if (!failureLogged) {
        failureLogged = true;
        LOG.debug("a read of the server's counters failed or was late: {}", Causes.describe(e));
      }
      return null;
    }
  }

  /** Counters' growth since the last reading (when it was read too), gauges' values now. */
  private static List<@Nullable Number> serverCells(
      List<TelemetryColumn> columns,
      @Nullable Map<String, Long> before,
      @Nullable Map<String, Long> after) {
    List<@Nullable Number> cells = new ArrayList<>();
    for (TelemetryColumn c : columns) {
      Long now = after == null ? null : after.get(c.name());
      if (c.kind() == TelemetryColumn.Kind.GAUGE || now == null) {
        cells.add(now);
      } else {
        Long then = before == null ? null : before.get(c.name());
        // A counter that went back was reset (a server restarted): its growth is unknown.
        cells.add(then == null || now < then ? null : now - then);
      }
    }
    return cells;
  }

  private static double round(double seconds) {
    return Math.round(seconds * 1000) / 1000.0;
  }

  /** Whether it has anything to sample. */
  boolean any() {
    return !columns.isEmpty();
  }
}
