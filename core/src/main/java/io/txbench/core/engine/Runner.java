package io.txbench.core.engine;

import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.ClientCounters;
import io.txbench.core.metrics.IntervalSampler;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Latencies;
import io.txbench.core.metrics.MeasuredWindow;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.core.spi.Causes;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetUnavailableException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives a workload: {@code parallelism} workers, each running iterations until the duration has
 * elapsed, the iteration count is used up, {@code --max-errors} is reached or a stop is requested.
 * The runner times every iteration (retries included) and counts how each ended; a metrics thread
 * hands each period to the listener. A worker is a thread that blocks on each iteration ({@link
 * ThreadedLoop}), or, for an {@link AsyncWorkload}, a chain of iterations that no thread waits for
 * ({@link AsyncLoop}); both decide alike ({@link Iterations}).
 *
 * <p>Each worker opens its session (connection, prepared statements) on a thread of its own before
 * a start barrier, so the clock starts when every worker is ready; at a {@link StartGate} ({@code
 * --start-at}), not before the gate's time either. The measured window is fixed: a timed run's
 * closes at its deadline, any run's at a stop request. Iterations in hand when it closes get a
 * short grace to finish; those that commit in it are counted (not in the throughput), and those
 * still running after it are given up: rolled back for certain if they had sent no commit, in doubt
 * otherwise.
 *
 * <p>In a closed loop a worker starts its next iteration as soon as the last one ends. In an open
 * loop ({@link OpenLoop}) iterations have intended start times; the response time counts from the
 * intended start, so a stalled server shows in the latencies instead of slowing the load down
 * (coordinated omission), and the service time from the actual start is recorded beside it.
 */
public final class Runner {
  private static final Logger LOG = LoggerFactory.getLogger(Runner.class);

  /** How long iterations still running when the window closes may take to finish. */
  public static final long GRACE_NANOS = TimeUnit.SECONDS.toNanos(3);

  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final RunOptions options;
  private final Metrics metrics;
  private final RunListener listener;
  private final RunControl control;
  private final ClientCounters counters = new ClientCounters();
  private final Set<ErrorClass> loggedClasses = ConcurrentHashMap.newKeySet();
  private long startNanos;
  private Runnable beforeClock = () -> {};
  private @Nullable StartGate gate;
  private StartGate.Watcher watcher = new StartGate.Watcher() {};

  public Runner(RunOptions options, Metrics metrics, RunListener listener) {
    this.options = options;
    this.metrics = metrics;
    this.listener = listener;
    this.control = new RunControl(options.length());
  }

  /**
   * What to do once every worker's session is open, before the clock starts: the commit
   * cross-check's first reading, which must see the commits of the sessions' logins.
   */
  public void beforeClock(Runnable step) {
    beforeClock = step;
  }

  /**
   * The gate the run waits at once every worker's session is open, before {@link #beforeClock} and
   * the clock, telling {@code waiting} of the wait; it waits only if it is the first run there.
   */
  public void startAt(StartGate start, StartGate.Watcher waiting) {
    gate = start;
    watcher = waiting;
  }

  /**
   * Ends the run now as if its time were up: a warm-up that has done its work; safe from any
   * thread.
   */
  public void endNow() {
    control.deadlineNow();
  }

  /** Asks the workers to stop after the iteration in hand (Ctrl-C); safe from any thread. */
  public void requestStop() {
    control.requestStop(StopReason.INTERRUPTED);
  }

  /**
   * Runs the crew's workload on the target and returns what was measured.
   *
   * @throws TargetUnavailableException when a worker could not open its session: nothing ran
   */
  public <S extends AutoCloseable> RunResult run(Crew<S> crew, Target target)
      throws InterruptedException, TargetUnavailableException {
    int threads = options.parallelism();
    try (Workforce<S> workers =
        new Workforce<>(options, metrics, control, loggedClasses, gate, crew, target)) {
      Workforce.Signals signals = workers.start(crew.enlist(threads, options.seed()));
      signals.ready.await();
      StartGate startGate = gate;
      if (startGate != null && ready(signals)) {
        startGate.await(control, watcher);
      }
      if (ready(signals)) {
        beforeClock.run();
      }
      if (!ready(signals)) {
        workers.release();
        return cancelled(signals, threads);
      }
      Instant start = Instant.now();
      startNanos = System.nanoTime();
      signals.lastWorkerEnd.set(startNanos);
      control.open(
          startNanos,
          options.pacing() instanceof OpenLoop open ? new StartSchedule(startNanos, open) : null);
      IntervalSampler sampler = new IntervalSampler(metrics, threads, startNanos, counters);
      safely(() -> listener.onStart(start.toEpochMilli(), threads));
      ScheduledExecutorService ticker = startTicker(sampler);
      signals.go.countDown();
      long windowEnd;
      try {
        windowEnd = awaitEnd(signals, workers, ticker, sampler);
      } finally {
        ticker.shutdown();
        ticker.awaitTermination(5, TimeUnit.SECONDS);
      }
      recordSlotsNeverStarted(windowEnd);
      tick(sampler, true, windowEnd);
      RunResult result = result(sampler, start, windowEnd);
      safely(() -> listener.onEnd(result));
      return result;
    }
  }

  /** Whether every session opened and no stop came: the run may go on towards its clock. */
  private boolean ready(Workforce.Signals signals) {
    return signals.openFailure.get() == null && !control.stopRequested();
  }

  /**
   * Releases the workers without running them, once every one has reached the start barrier, and
   * says why: nothing ran after a stop request; a session that did not open fails the run.
   */
  private RunResult cancelled(Workforce.Signals signals, int threads)
      throws TargetUnavailableException {
    if (signals.openFailure.get() == null) {
      return nothingRan();
    }
    throw new TargetUnavailableException(
        "could not open a session for each of the "
            + threads
            + " workers: "
            + Causes.describe(signals.openFailure.get()),
        signals.openFailure.get());
  }

  /** Starts the metrics thread that hands each period to the listener. */
  private ScheduledExecutorService startTicker(IntervalSampler sampler) {
    ScheduledExecutorService ticker = daemon("txbench-metrics");
    long period = options.metricsPeriod().toNanos();
    // Stopped by shutting the executor down; tick() hands a reporter's failure to safely().
    ScheduledFuture<?> unused =
        ticker.scheduleAtFixedRate(
            () -> tick(sampler, false, System.nanoTime()), period, period, TimeUnit.NANOSECONDS);
    return ticker;
  }

  /** A single-thread scheduler on a daemon thread named {@code name}. */
  static ScheduledExecutorService daemon(String name) {
    return Executors.newSingleThreadScheduledExecutor(
        r -> {
          Thread t = new Thread(r, name);
          t.setDaemon(true);
          return t;
        });
  }

  /** In an open loop, records as skipped the slots due in the window that no worker started. */
  private void recordSlotsNeverStarted(long windowEnd) {
    StartSchedule schedule = control.startSchedule();
    if (schedule != null) {
      // Slots due in the window that no worker was free to start, stuck as they all were.
      metrics.recordSkips(
          schedule.takeRemainingBefore(windowEnd, new java.util.SplittableRandom(options.seed())));
    }
  }

  /**
   * Waits for the window to close (deadline, stop request, or every iteration done), gives the
   * iterations in hand their grace, and gives up on those still running; returns the window's end.
   */
  private long awaitEnd(
      Workforce.Signals signals,
      Workforce<?> workers,
      ScheduledExecutorService ticker,
      IntervalSampler sampler)
      throws InterruptedException {
    CountDownLatch done = signals.done;
    while (true) {
      long wait = POLL_NANOS;
      if (control.timed()) {
        wait = Math.min(wait, Math.max(0, control.deadline() - System.nanoTime()));
      }
      boolean allDone = done.await(wait, TimeUnit.NANOSECONDS);
      if (control.pastDeadline(System.nanoTime())) {
        control.closeWindow(StopReason.DURATION_ELAPSED, control.deadline());
      }
      if (allDone) {
        // A timed window lasts its duration even when the workers are through early (an open
        // loop whose next slot falls after the deadline), unless a stop cuts it short.
        if (control.timed()
            && !control.stopRequested()
            && !control.awaitStop(control.deadline() - System.nanoTime())) {
          control.closeWindow(StopReason.DURATION_ELAPSED, control.deadline());
        }
        sampler.windowClosed();
        break;
      }
      if (control.stopRequested()) {
        sampler.windowClosed(); // what the client uses in the grace is not the window's
        ticker.shutdown(); // the window is closed: no period ends after it
        if (!done.await(GRACE_NANOS, TimeUnit.NANOSECONDS)) {
          workers.abandon();
        }
        break;
      }
    }
    return Math.max(
        startNanos, control.stopRequested() ? control.windowEnd() : signals.lastWorkerEnd.get());
  }

  /** A run stopped before it started (Ctrl-C while the sessions were opening). */
  private RunResult nothingRan() {
    Instant now = Instant.now();
    startNanos = System.nanoTime();
    return new RunResult(
        new MeasuredWindow(now, now, 0, StopReason.INTERRUPTED),
        metrics.outcomes(),
        Latencies.of(metrics.cumulative()),
        counters.none(),
        Optional.empty(),
        Breakdown.NONE,
        Map.of(),
        TelemetryFindings.NONE);
  }

  private RunResult result(IntervalSampler sampler, Instant start, long windowEnd) {
    Metrics.Sample total = metrics.cumulative();
    StopReason stopped = control.stopReason();
    StopReason reason =
        stopped != null
            ? stopped
            : control.timed() ? StopReason.DURATION_ELAPSED : StopReason.ITERATIONS_DONE;
    return new RunResult(
        new MeasuredWindow(
            start, start.plusNanos(windowEnd - startNanos), windowEnd - startNanos, reason),
        metrics.outcomes(),
        Latencies.of(total),
        sampler.window(),
        sampler.bottleneck(),
        metrics.breakdown(total).withStatements(metrics.statements().snapshot()),
        metrics.operationTallies(),
        TelemetryFindings.NONE);
  }

  private synchronized void tick(IntervalSampler sampler, boolean last, long now) {
    if (!last && (control.stopRequested() || control.pastDeadline(now))) {
      return; // the window is closed: the last period ends with it
    }
    if (!last && now - sampler.periodStartNanos() < options.metricsPeriod().toNanos() / 2) {
      // A tick the fixed-rate schedule runs at once to catch up after a late one: its period
      // would be a sliver, its rates noise. The next tick on schedule ends a longer one.
      return;
    }
    IntervalStats stats = sampler.next(now, last);
    safely(() -> listener.onInterval(stats));
  }

  private static void safely(Runnable call) {
    try {
      call.run();
    } catch (RuntimeException e) {
      LOG.error("a reporter failed: {}", e.toString());
    }
  }
}
