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
  private static final int SUCCESS = -1;
  private static final int ABANDONED = -2;

  private final RunOptions options;
  private final Metrics metrics;
  private final RunListener listener;
  private final AtomicLong claimed = new AtomicLong();
  private final AtomicInteger running = new AtomicInteger();
  private final AtomicIntegerArray loggedClasses = new AtomicIntegerArray(ErrorClass.values().length);
  private final CountDownLatch stopSignal = new CountDownLatch(1);
  private volatile boolean stopRequested;
  private volatile boolean abandoned;
  private volatile StopReason stopReason;
  private long startNanos;
  private long lastTickNanos;
  private long lastRetries;
  private long lastErrors;

  public Runner(RunOptions options, Metrics metrics, RunListener listener) {
    this.options = options;
    this.metrics = metrics;
    this.listener = listener;
  }

  /** Asks the workers to stop after the iteration in hand (Ctrl-C); safe from any thread. */
  public void requestStop() {
    requestStop(StopReason.INTERRUPTED);
  }

  private void requestStop(StopReason reason) {
    if (!stopRequested) {
      stopReason = reason;
      stopRequested = true;
      stopSignal.countDown();
    }
  }

  /** Runs the workload on the target and returns what was measured. */
  public RunResult run(Workload workload, Target target) throws InterruptedException {
    int threads = options.parallelism();
    Instant start = Instant.now();
    startNanos = System.nanoTime();
    lastTickNanos = startNanos;
    long deadline = options.duration() == null ? 0 : startNanos + options.duration().toNanos();
    if (deadline == 0) {
      deadline = Long.MIN_VALUE;
    }
    metrics.sampleInterval(); // starts the first interval now
    listener.onStart(start.toEpochMilli(), threads);
    Schedule schedule = options.openLoop()
        ? new Schedule(startNanos, options.rate(), options.poisson()) : null;

    CountDownLatch done = new CountDownLatch(threads);
    AtomicLong lastWorkerEnd = new AtomicLong(startNanos);
    running.set(threads);
    for (int i = 0; i < threads; i++) {
      Worker worker = new Worker(i, threads, options.seed());
      long workerDeadline = deadline;
      Thread thread =
          new Thread(
              () -> {
                try {
                  if (schedule == null) {
                    work(worker, workload, target, workerDeadline);
                  } else {
                    workOnSchedule(worker, workload, target, workerDeadline, schedule);
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
    long endNanos = abandoned ? System.nanoTime() : lastWorkerEnd.get();
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
            stopReason != null
                ? stopReason
                : options.duration() != null
                    ? StopReason.DURATION_ELAPSED
                    : StopReason.ITERATIONS_DONE);
    safely(() -> listener.onEnd(result));
    return result;
  }

  private void awaitWorkers(CountDownLatch done) throws InterruptedException {
    while (!done.await(100, TimeUnit.MILLISECONDS)) {
      if (stopSignal.await(0, TimeUnit.NANOSECONDS)) {
        if (!done.await(SHUTDOWN_GRACE_NANOS, TimeUnit.NANOSECONDS)) {
          LOG.warn("{} worker(s) still busy after the stop request: abandoned", running.get());
          abandoned = true;
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

  private void work(Worker worker, Workload workload, Target target, long deadline) {
    long limit = options.iterations();
    int[] consecutiveErrors = {0};
    while (!stopRequested) {
      if (limit > 0 && claimed.getAndIncrement() >= limit) {
        return;
      }
      long begin = System.nanoTime();
      if (!measure(worker, workload, target, begin, begin, consecutiveErrors)) {
        return;
      }
      if (System.nanoTime() - deadline >= 0) {
        return;
      }
    }
  }

  /** The open loop: each iteration waits for its intended start; none starts after the end. */
  private void workOnSchedule(Worker worker, Workload workload, Target target, long deadline,
      Schedule schedule) {
    long limit = options.iterations();
    long maxLag = options.maxLag().toNanos();
    int[] consecutiveErrors = {0};
    while (!stopRequested) {
      long intended = schedule.next(worker.random());
      if (intended - deadline >= 0 || (limit > 0 && claimed.getAndIncrement() >= limit)) {
        return;
      }
      long now = System.nanoTime();
      if (intended - now > 0) {
        if (!pause(intended - now)) {
          return;
        }
        now = System.nanoTime();
      }
      long lag = now - intended;
      if (maxLag > 0 && lag > maxLag) {
        metrics.recordSkip();
        continue;
      }
      metrics.recordLag(lag);
      if (!measure(worker, workload, target, intended, now, consecutiveErrors)) {
        return;
      }
    }
  }

  /**
   * Runs and records one iteration that should have started at {@code intended} and started at
   * {@code begin}; false when the worker must stop.
   */
  private boolean measure(Worker worker, Workload workload, Target target, long intended,
      long begin, int[] consecutiveErrors) {
    int outcome = attempt(worker, workload, target);
    long end = System.nanoTime();
    if (abandoned || outcome == ABANDONED) {
      return false;
    }
    if (outcome == SUCCESS) {
      metrics.recordSuccess(end - intended, end - begin);
      consecutiveErrors[0] = 0;
      return true;
    }
    metrics.recordError(ErrorClass.values()[outcome]);
    if (options.maxErrors() > 0 && metrics.errorCount() >= options.maxErrors()) {
      requestStop(StopReason.MAX_ERRORS);
    }
    // A failed iteration (a lost server, say) is followed by a pause, so that workers do not spin
    // against a server that is not there.
    return pause(options.backoff().delayNanos(consecutiveErrors[0]++, worker.random()));
  }

  /** Runs one iteration with its retries: SUCCESS, ABANDONED, or the failing class's ordinal. */
  private int attempt(Worker worker, Workload workload, Target target) {
    for (int attempt = 0; ; attempt++) {
      try {
        workload.iteration(worker);
        return SUCCESS;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return ABANDONED;
      } catch (Exception e) {
        if (stopRequested || abandoned) {
          return ABANDONED;
        }
        Failure failure = target.classify(e);
        log(failure, e);
        if (!failure.retryable() || attempt >= options.maxRetries()) {
          return failure.errorClass().ordinal();
        }
        metrics.recordRetry(failure.errorClass());
        if (!pause(options.backoff().delayNanos(attempt, worker.random()))) {
          return ABANDONED;
        }
      }
    }
  }

  private void log(Failure failure, Exception e) {
    if (loggedClasses.compareAndSet(failure.errorClass().ordinal(), 0, 1)) {
      // Retryable errors are part of the workload (contention); others deserve attention.
      if (failure.retryable()) {
        LOG.info("first {} error (retried): {}", failure.errorClass().label(), rootMessage(e));
      } else {
        LOG.warn("first {} error: {}", failure.errorClass().label(), rootMessage(e));
      }
    }
    if (LOG.isDebugEnabled()) {
      LOG.debug("iteration failed ({})", failure, e);
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root == e ? String.valueOf(e.getMessage())
        : e.getMessage() + " (" + root.getMessage() + ")";
    return message.replace('\n', ' ');
  }

  /** Sleeps; false when a stop was requested meanwhile. */
  private boolean pause(long nanos) {
    if (nanos > 0) {
      try {
        stopSignal.await(nanos, TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return !stopRequested;
  }
}
