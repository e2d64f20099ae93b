package io.txbench.core.engine;

import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.spi.AsyncWorkload;
import io.txbench.core.spi.Effects;
import io.txbench.core.spi.Effects.Exposure;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.Workload;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The workers of one run, from their start to their end: a thread per member opens its session and
 * waits for the go, then runs the member's loop on the model its workload has (the threaded one on
 * this thread; the asynchronous one as a chain this thread only starts, and the timer its waits
 * use), and each member's end is signalled when its loop ends, whichever thread that is on. Workers
 * still busy after the grace are given up here.
 */
final class Workforce<S extends AutoCloseable> implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Runner.class);

  private final RunOptions options;
  private final Metrics metrics;
  private final RunControl control;
  private final Set<ErrorClass> loggedClasses;
  private final @Nullable StartGate gate;
  private final Crew<S> crew;
  private final Target target;
  private final ScheduledExecutorService timer = Runner.daemon("txbench-timer");
  private List<Member<S>> members = List.of();
  private Signals signals = new Signals(0);
  private volatile boolean released;

  Workforce(
      RunOptions options,
      Metrics metrics,
      RunControl control,
      Set<ErrorClass> loggedClasses,
      @Nullable StartGate gate,
      Crew<S> crew,
      Target target) {
    this.options = options;
    this.metrics = metrics;
    this.control = control;
    this.loggedClasses = loggedClasses;
    this.gate = gate;
    this.crew = crew;
    this.target = target;
  }

  /** Starts a thread per member, each opening its session and then waiting for the go. */
  Signals start(List<Member<S>> enlisted) {
    members = enlisted;
    signals = new Signals(enlisted.size());
    for (Member<S> member : enlisted) {
      if (control.stopRequested()) {
        // Stopped while the crew was being started: the workers not yet started never will be.
        signals.ready.countDown();
        signals.done.countDown();
        continue;
      }
      Iterations iterations =
          new Iterations(options, metrics, control, target, loggedClasses, member.worker());
      Thread thread =
          new Thread(() -> work(member, iterations), "txbench-worker-" + member.worker().index());
      thread.setDaemon(true);
      member.runOn(thread);
      thread.start();
    }
    return signals;
  }

  /**
   * A worker thread's life: open the session, wait for the go, then run the loop unless released:
   * on this thread, or as a chain this thread only starts.
   */
  private void work(Member<S> member, Iterations iterations) {
    boolean handedOver = false;
    long loopEnd = 0;
    boolean loopEnded = false;
    try {
      S session;
      try {
        if (control.stopRequested()) {
          return; // no session to open for a run that is already over
        }
        boolean opening = !member.hasSession();
        session = member.session(crew.workload());
        if (opening) {
          publishCounts(member, session); // its set-up statements' commits, before the run's mark
        }
      } catch (Exception e) {
        signals.openFailure.compareAndSet(null, e);
        return;
      } finally {
        signals.ready.countDown();
      }
      StartGate startGate = gate;
      if (startGate == null) {
        signals.go.await();
      } else {
        startGate.keepAliveUntil(signals.go, session);
      }
      if (released) {
        return;
      }
      if (crew.workload() instanceof AsyncWorkload<S, ?> chained) {
        handedOver = true;
        new AsyncLoop<>(
                iterations, chained, session, timer, () -> chainEnded(member, chained, session))
            .start();
      } else {
        new ThreadedLoop<>(iterations, crew.workload()).run(session);
        loopEnd = System.nanoTime();
        loopEnded = true;
        if (quiet(member)) {
          publishCounts(member, session);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      LOG.error("worker {} stopped: {}", member.worker().index(), e.toString(), e);
    } finally {
      if (!handedOver) {
        ended(member, loopEnded ? loopEnd : System.nanoTime());
      }
    }
  }

  /**
   * Whether a worker that stopped may have its session publish its counts: not one given up (its
   * session is the loop's, closed), nor one of a run interrupted (no check follows it, and the stop
   * should be quick).
   */
  private boolean quiet(Member<S> member) {
    return !member.worker().effects().abandoned()
        && !control.abandoned()
        && control.stopReason() != StopReason.INTERRUPTED;
  }

  /** Has the server publish the counts of {@code session} ({@link Workload#publishCounts}). */
  private void publishCounts(Member<S> member, S session) {
    try {
      crew.workload().publishCounts(session);
    } catch (Exception e) {
      // The commit check waits for a session that did not publish: nothing is lost.
      LOG.debug("worker {} did not publish its counts: {}", member.worker().index(), e.toString());
    }
  }

  /** A worker's chain ended: its session publishes its counts without blocking, then it is done. */
  private void chainEnded(Member<S> member, AsyncWorkload<S, ?> chained, S session) {
    long end = System.nanoTime();
    if (!quiet(member)) {
      ended(member, end);
      return;
    }
    try {
      // ended handles its own failures: the stage whenComplete returns has none to say.
      java.util.concurrent.CompletableFuture<?> unused =
          chained
              .startPublishingCounts(session)
              .toCompletableFuture()
              .whenComplete((r, t) -> ended(member, end));
    } catch (RuntimeException e) {
      ended(member, end);
    }
  }

  /**
   * A worker's loop ended at {@code end}: it is counted done, and its session closed if it was
   * given up.
   */
  private void ended(Member<?> member, long end) {
    if (member.worker().effects().abandoned()) {
      member.closeSession(); // given up: the crew no longer owns it
    }
    signals.lastWorkerEnd.accumulateAndGet(end, Math::max);
    signals.done.countDown();
    member.ended();
  }

  /** Lets the workers go without running anything, and waits for them all to end. */
  void release() throws InterruptedException {
    released = true;
    signals.go.countDown();
    signals.done.await();
  }

  /** Gives up on the workers still busy after the grace: see {@link Effects#abandon()}. */
  void abandon() {
    control.abandon();
    int givenUp = 0;
    int inDoubt = 0;
    for (Member<S> member : members) {
      if (!member.busy()) {
        continue;
      }
      Exposure exposure = member.worker().effects().abandon();
      if (exposure == null) {
        continue; // between iterations: it stops on its own
      }
      givenUp++;
      if (exposure == Exposure.UNKNOWN) {
        inDoubt++;
        metrics.recordInDoubt(InDoubtCause.ABANDONED);
        member.leaveInDoubt();
      }
      crew.retire(member);
      member.interrupt(); // frees a worker waiting for a pooled connection or sleeping
    }
    if (givenUp > 0) {
      LOG.warn(
          "{} iteration(s) still running {} s after the end of the run were given up: {} in"
              + " doubt (a commit was sent), {} without effect (none was)",
          givenUp,
          TimeUnit.NANOSECONDS.toSeconds(Runner.GRACE_NANOS),
          inDoubt,
          givenUp - inDoubt);
    }
  }

  /** Stops the timer; the waits still due on it run, so that a chain given up ends on its own. */
  @Override
  public void close() {
    timer.shutdown();
  }

  /**
   * What a run's worker threads and the runner signal each other while the crew starts and ends.
   */
  static final class Signals {
    /** Counted down by each worker once its session is open (or failed to open). */
    final CountDownLatch ready;

    /** Released by the runner when the clock starts, or when the run is cancelled. */
    final CountDownLatch go = new CountDownLatch(1);

    /** Counted down by each worker when its thread ends. */
    final CountDownLatch done;

    /** The first session that failed to open. */
    final AtomicReference<Exception> openFailure = new AtomicReference<>();

    /** When the last worker to end did, in {@link System#nanoTime()}. */
    final AtomicLong lastWorkerEnd = new AtomicLong();

    Signals(int threads) {
      ready = new CountDownLatch(threads);
      done = new CountDownLatch(threads);
    }
  }
}
