package io.txbench.core;

import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives a workload: {@code parallelism} worker threads, each running iterations until the
 * duration has elapsed, the iteration count is used up, {@code --max-errors} is reached or a stop
 * is requested. The runner times every iteration (retries included) and counts retries and errors;
 * a metrics thread hands each period to the listener.
 *
 * <p>In a closed loop a worker starts its next iteration as soon as the last one ends. In an open
 * loop ({@code rate} > 0) iterations have intended start times; the response time counts from the
 * intended start, so a stalled server shows in the latencies instead of slowing the load down
 * (coordinated omission), and the service time from the actual start is recorded beside it.
 *
 * <p>Counts are exact: an iteration counts once it returned, that is once the server committed it.
 * After a stop request, workers finish the iteration in hand; one that is still running after the
 * grace period is abandoned and nothing it does afterwards is counted.
 */
public final class Runner {
  private static final Logger LOG = LoggerFactory.getLogger(Runner.class);
  private static final long SHUTDOWN_GRACE_NANOS = TimeUnit.SECONDS.toNanos(3);

  private final RunOptions options;
  private final Metrics metrics;
  private final RunListener listener;
  private final RunControl control;
  private final AtomicInteger running = new AtomicInteger();
  private final AtomicIntegerArray loggedClasses = new AtomicIntegerArray(ErrorClass.values().length);
  private long startNanos;
  private long lastTickNanos;
  private long lastRetries;
  private long lastErrors;

  public Runner(RunOptions options, Metrics metrics, RunListener listener) {
    this.options = options;
    this.metrics = metrics;
    this.listener = listener;
    this.control = new RunControl(options.iterations());
  }

  /** Asks the workers to stop after the iteration in hand (Ctrl-C); safe from any thread. */
  public void requestStop() {
    control.requestStop(StopReason.INTERRUPTED);
  }

  /** Runs the workload on the target and returns what was measured. */
  public RunResult run(Workload workload, Target target) throws InterruptedException {
    int threads = options.parallelism();
    Instant start = Instant.now();
    startNanos = System.nanoTime();
    lastTickNanos = startNanos;
    boolean timed = options.duration() != null;
    long deadline = timed ? startNanos + options.duration().toNanos() : 0;
    metrics.sampleInterval(); // starts the first interval now
    listener.onStart(start.toEpochMilli(), threads);
    Schedule schedule = options.openLoop()
        ? new Schedule(startNanos, options.rate(), options.poisson()) : null;

    CountDownLatch done = new CountDownLatch(threads);
    AtomicLong lastWorkerEnd = new AtomicLong(startNanos);
    running.set(threads);
    for (int i = 0; i < threads; i++) {
      Worker worker = new Worker(i, threads, options.seed());
      WorkerLoop loop = new WorkerLoop(options, metrics, control, workload, target, loggedClasses);
      Thread thread =
          new Thread(
              () -> {
                try {
                  if (schedule == null) {
                    loop.run(worker, deadline, timed);
                  } else {
                    loop.runOnSchedule(worker, deadline, timed, schedule);
                  }
                } catch (RuntimeException e) {
                  LOG.error("worker {} stopped: {}", worker.index(), e.toString(), e);
                } finally {
                  lastWorkerEnd.accumulateAndGet(System.nanoTime(), Math::max);
                  worker.close();
                  running.decrementAndGet();
                  done.countDown();
                }
              },
              "txbench-worker-" + i);
      thread.setDaemon(true);
      thread.start();
    }

    ScheduledExecutorService ticker =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "txbench-metrics");
              t.setDaemon(true);
              return t;
            });
    long period = options.metricsPeriod().toNanos();
    ticker.scheduleAtFixedRate(() -> tick(false, System.nanoTime()), period, period,
        TimeUnit.NANOSECONDS);
    try {
      awaitWorkers(done);
    } finally {
      ticker.shutdown();
      ticker.awaitTermination(5, TimeUnit.SECONDS);
    }
    long endNanos = control.abandoned() ? System.nanoTime() : lastWorkerEnd.get();
    tick(true, endNanos);
    Metrics.Sample total = metrics.cumulative();
    RunResult result =
        new RunResult(
            start,
            start.plusNanos(endNanos - startNanos),
            endNanos - startNanos,
            metrics.iterationCount(),
            metrics.retryCount(),
            metrics.errorCount(),
            metrics.retriesByClass(),
            metrics.errorsByClass(),
            total.responseTimes(),
            total.serviceTimes(),
            total.scheduleLags(),
            metrics.skippedCount(),
            control.stopReason() != null
                ? control.stopReason()
                : options.duration() != null
                    ? StopReason.DURATION_ELAPSED
                    : StopReason.ITERATIONS_DONE);
    safely(() -> listener.onEnd(result));
    return result;
  }

  private void awaitWorkers(CountDownLatch done) throws InterruptedException {
    while (!done.await(100, TimeUnit.MILLISECONDS)) {
      if (control.awaitStop(0)) {
        if (!done.await(SHUTDOWN_GRACE_NANOS, TimeUnit.NANOSECONDS)) {
          LOG.warn("{} worker(s) still busy after the stop request: abandoned", running.get());
          control.abandon();
        }
        return;
      }
    }
  }

  private synchronized void tick(boolean last, long now) {
    long retries = metrics.retryCount();
    long errors = metrics.errorCount();
    Metrics.Sample sample = metrics.sampleInterval();
    IntervalStats stats =
        new IntervalStats(
            now - startNanos,
            now - lastTickNanos,
            sample.responseTimes(),
            sample.serviceTimes(),
            retries - lastRetries,
            errors - lastErrors,
            last ? options.parallelism() : running.get(),
            last);
    lastTickNanos = now;
    lastRetries = retries;
    lastErrors = errors;
    safely(() -> listener.onInterval(stats));
  }

  private static void safely(Runnable call) {
    try {
      call.run();
    } catch (RuntimeException e) {
      LOG.error("a reporter failed: {}", e.toString(), e);
    }
  }
}
