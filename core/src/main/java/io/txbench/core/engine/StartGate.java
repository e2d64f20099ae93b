package io.txbench.core.engine;

import io.txbench.core.spi.Causes;
import io.txbench.core.spi.Pingable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A start shared by clients on several machines ({@code --start-at}): the first run to reach the
 * gate, its data set up and every worker's session open, waits there until the wall clock says
 * {@link #at()}, then starts its load (its warm-up, if it has one); every run after it passes at
 * once, as it would without a gate (a sweep's later levels follow the first). A run that reaches it
 * late starts at once, and says so.
 *
 * <p>While the run waits, each worker pings its session ({@link Pingable}) every {@code
 * keepAliveEvery}, counted back from {@code at}: none sits idle longer than that, and none is used
 * in the last {@code keepAliveEvery} before the start (when the commit cross-check wants the
 * sessions quiet).
 */
public final class StartGate {
  private static final Logger LOG = LoggerFactory.getLogger(StartGate.class);

  /** A run this much later than the gate's time or less is on time: the timer's own slack. */
  static final Duration LATE = Duration.ofMillis(100);

  /** The longest sleep of a wait: a wall clock set meanwhile (NTP) is followed within it. */
  private static final long SLICE_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final Instant at;
  private final Duration keepAliveEvery;
  private final Clock clock;
  private final AtomicBoolean reached = new AtomicBoolean();
  private final AtomicBoolean pingFailed = new AtomicBoolean();

  /** Told of the first run's wait at the gate; both say nothing by default. */
  public interface Watcher {
    /**
     * The load starts at {@code at}, {@code left} from now: said when the wait starts, then every
     * ten minutes while more than an hour is left, every minute in the last hour, and every ten
     * seconds in the last minute.
     */
    default void waitingForStart(Instant at, Duration left) {}

    /** The run reached the gate {@code late} after its time: its load starts now. */
    default void startingLate(Instant at, Duration late) {}
  }

  /**
   * A gate at {@code at} on {@code clock}, whose waiting sessions are pinged every {@code
   * keepAliveEvery} (zero: never).
   */
  public StartGate(Instant at, Duration keepAliveEvery, Clock clock) {
    if (keepAliveEvery.isNegative()) {
      throw new IllegalArgumentException("a keep-alive period is zero or longer");
    }
    this.at = at;
    this.keepAliveEvery = keepAliveEvery;
    this.clock = clock;
  }

  /**
   * A gate at {@code at} on the system's clock for connections that a pool or server closes once
   * idle for {@code idleTimeout} (zero: never): each waiting session is pinged every half of it.
   */
  public static StartGate forConnections(Instant at, Duration idleTimeout) {
    return new StartGate(at, idleTimeout.dividedBy(2), Clock.systemUTC());
  }

  public Instant at() {
    return at;
  }

  /**
   * The coordinator's part: the first time, waits until {@link #at()} or a stop request, telling
   * {@code watcher} how long is left; returns at once every later time.
   */
  void await(RunControl control, Watcher watcher) throws InterruptedException {
    if (reached.getAndSet(true)) {
      return;
    }
    long left = nanosLeft();
    if (left <= 0) {
      if (-left > LATE.toNanos()) {
        watcher.startingLate(at, Duration.ofNanos(-left));
      }
      return;
    }
    watcher.waitingForStart(at, Duration.ofNanos(left));
    long mark = nextMark(left);
    while (left > 0) {
      if (control.awaitStop(Math.min(left - mark, SLICE_NANOS))) {
        return; // the runner sees the stop and cancels the run
      }
      left = nanosLeft();
      if (left > 0 && left <= mark) {
        // The round figure, unless the wall clock was set forward past it meanwhile.
        watcher.waitingForStart(at, Duration.ofNanos(mark - left < SLICE_NANOS ? mark : left));
        mark = nextMark(left);
      }
    }
  }

  /**
   * A worker's part: waits for {@code go}, pinging {@code session} on the keep-alive schedule while
   * the gate's time is ahead.
   */
  void keepAliveUntil(CountDownLatch go, Object session) throws InterruptedException {
    if (session instanceof Pingable pingable) {
      for (long wait = nanosToPing(); wait >= 0; wait = nanosToPing()) {
        if (go.await(wait, TimeUnit.NANOSECONDS)) {
          return;
        }
        if (nanosLeft() > 0) { // a worker woken late, past the time, pings no more
          ping(pingable);
        }
      }
    }
    go.await();
  }

  /** How long until the next ping, at {@code at} less a whole number of periods; -1 for none. */
  long nanosToPing() {
    long every = keepAliveEvery.toNanos();
    long left = nanosLeft();
    if (every == 0 || left < every) {
      return -1; // the last was due a period before the time
    }
    return left % every;
  }

  private void ping(Pingable session) {
    try {
      session.ping();
    } catch (Exception e) {
      if (!pingFailed.getAndSet(true)) {
        // The run's first iteration on it meets the same fault, and counts it.
        LOG.warn("a session could not be kept alive before the start: {}", Causes.describe(e));
      }
    }
  }

  private long nanosLeft() {
    return Duration.between(clock.instant(), at).toNanos();
  }

  /** The next time left to say, below {@code left}: a whole ten minutes, minute or ten seconds. */
  static long nextMark(long left) {
    long step =
        TimeUnit.SECONDS.toNanos(
            left > TimeUnit.HOURS.toNanos(1) ? 600 : left > TimeUnit.MINUTES.toNanos(1) ? 60 : 10);
    return (left - 1) / step * step;
  }
}
