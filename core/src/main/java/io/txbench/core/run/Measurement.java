package io.txbench.core.run;

import io.txbench.core.engine.Crew;
import io.txbench.core.engine.RunListener;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.engine.Runner;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.core.spi.Causes;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.Verification;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One measured run of a crew, in the order that keeps the results whatever fails: warm up, take
 * verify's baseline (waiting for a server lost in the warm-up, as the window's workers would), let
 * the listener set up what follows the run, run, hand the result over, and only then verify. A
 * verify that cannot run says why in its verdict instead of losing the run. Once a stop is asked
 * for, nothing more is read from the server: a stopped run's record comes first. With a start gate
 * in the plan, the load (the warm-up, else the run) waits for its time once every session is open.
 */
final class Measurement {
  private static final Logger LOG = LoggerFactory.getLogger(Measurement.class);

  /** The least warm-up that runs in two legs ({@link #warmUp}). */
  private static final Duration TWO_LEGS = Duration.ofSeconds(2);

  /** The pause between two tries to reach a server lost in the warm-up. */
  private static final long RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);

  /**
   * A verify that lost its connection sooner than this met one already dead (a pool lends one the
   * server ended mid-run without checking it, as HikariCP does within half a second of its last
   * use), not a server that stopped answering: it runs again, once, on another.
   */
  private static final long DEAD_AT_ONCE_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final Crew<?> crew;
  private final Target target;
  private final StopSwitch stops;
  private final Telemetry telemetry;

  Measurement(Crew<?> crew, Target target, StopSwitch stops, Telemetry telemetry) {
    this.crew = crew;
    this.target = target;
    this.stops = stops;
    this.telemetry = telemetry;
  }

  MeasurementOutcome run(MeasurementPlan plan, StepListener listener) throws Exception {
    RunOptions run = plan.run();
    // What follows the run is set up after the warm-up and the baseline: a run stopped in the
    // warm-up, or whose server is lost in it for good, leaves nothing that looks like a run's
    // results.
    if (!plan.warmUp().isZero() && !warmUp(plan, listener)) {
      return MeasurementOutcome.stoppedInWarmUp();
    }
    if (!takeBaseline(plan.warmUp())) {
      return MeasurementOutcome.stoppedInWarmUp();
    }
    Metrics metrics = metrics(plan);
    Optional<RunListener> following = listener.measuring(run, metrics);
    if (following.isEmpty()) {
      return MeasurementOutcome.declined();
    }
    long unsettled = crew.unsettled();
    Telemetry.Checked commits =
        plan.commitCheck()
            ? telemetry.commitCheck()
            : new Telemetry.Checked(null, Optional.of("--no-commit-check"));
    TelemetrySampler sampler =
        telemetry.sampler(run.metricsPeriod(), following.get(), stops::requested);
    Runner runner = new Runner(run, metrics, Telemetry.sampled(following.get(), sampler));
    gated(runner, plan, listener);
    CommitCheck.Mark[] before = new CommitCheck.Mark[1];
    int sessionsBefore = crew.sessionsOpen();
    int[] sessionsOpened = new int[1];
    // Every worker's session is open (a session's login commits too), none runs anything yet,
    // verify's baseline is taken, the start gate passed (the sessions pinged while waiting, a
    // commit each on PostgreSQL): the first quiet moment.
    runner.beforeClock(
        () -> {
          sessionsOpened[0] = crew.sessionsOpen() - sessionsBefore;
          before[0] = mark(commits.check(), listener);
          stops.watch(runner::requestStop);
        });
    stops.watch(runner::requestStop);
    listener.started();
    RunResult result = runner.run(crew, target);
    result =
        result.withTelemetry(
            crossCheck(commits, before[0], result, unsettled, sessionsOpened[0], listener));
    listener.measured(result);
    return MeasurementOutcome.measured(
        result, verify(plan, result.tally().withUnsettledBefore(unsettled)));
  }

  /**
   * Takes verify's baseline once the warm-up ({@code warmUp} long) is over. A server lost in the
   * warm-up is tried again, as the window's workers try it, for up to the warm-up's length; false
   * when a stop came meanwhile.
   *
   * @throws TargetUnavailableException when the server was not back in that time
   */
  private boolean takeBaseline(Duration warmUp) throws Exception {
    long giveUp = System.nanoTime() + warmUp.toNanos();
    CountDownLatch stopped = new CountDownLatch(1);
    stops.watch(stopped::countDown);
    for (boolean told = false; ; told = true) {
      try {
        crew.workload().beforeRun();
        return true;
      } catch (Exception e) {
        Exception failure = StepFailures.during("taking verify's baseline", target, e);
        if (!(failure instanceof TargetUnavailableException) || System.nanoTime() - giveUp >= 0) {
          throw failure;
        }
        if (!told) {
          LOG.warn(
              "the server is out of reach after the warm-up: waiting up to {} for it",
              warmUp.toString().substring(2).toLowerCase(java.util.Locale.ROOT));
        }
      }
      if (stopped.await(RETRY_NANOS, TimeUnit.NANOSECONDS)) {
        return false;
      }
    }
  }

  /** The telemetry's part of the summary, with the commit cross-check made now if there is one. */
  private TelemetryFindings crossCheck(
      Telemetry.Checked commits,
      CommitCheck.@Nullable Mark before,
      RunResult result,
      long unsettled,
      int sessionsOpened,
      StepListener listener) {
    TelemetryFindings flags = telemetry.flags();
    CommitCheck check = commits.check();
    if (check == null) {
      return flags.withCommits(Optional.empty(), commits.why());
    }
    if (stops.requested()) {
      return flags.withCommits(Optional.empty(), Optional.of("the run was interrupted"));
    }
    // Every worker has stopped: the second quiet moment, before the summary is written.
    CommitCheck.Mark after = before == null ? null : mark(check, listener);
    if (before == null || after == null) {
      return flags.withCommits(
          Optional.empty(), Optional.of("the server's count could not be read"));
    }
    CommitCheck.Outcome checked =
        check.compare(before, after, check.counted(result, unsettled), sessionsOpened);
    return flags.withCommits(checked.commits(), checked.why());
  }

  /** The commit counter at a quiet moment; null without a check, or when it cannot be read. */
  private CommitCheck.@Nullable Mark mark(@Nullable CommitCheck check, StepListener listener) {
    if (check == null) {
      return null;
    }
    stops.watch(check::stop);
    try {
      return check.mark(listener::settling);
    } catch (Exception e) {
      LOG.warn("the commit cross-check could not read the server's count: {}", Causes.describe(e));
      return null;
    }
  }

  /**
   * Runs the unmeasured warm-up, to its length or, when it settles, on until the client has
   * settled; false when a stop came meanwhile. A warm-up that settles runs in two legs, the first
   * half its least length: the JIT has compiled the hot code by then, meets what happens between a
   * warm-up and the window (the chains' ends, each session publishing its counts, the chains'
   * starts), and compiles it again knowing those paths. Compiled without them, the code met those
   * paths first as the window began, was thrown away and compiled again, and the window's first two
   * to five seconds ran at about two thirds of the speed the warm-up had reached (PostgreSQL
   * select-only at 8 clients, 2 cores).
   */
  private boolean warmUp(MeasurementPlan plan, StepListener listener)
      throws InterruptedException, TargetUnavailableException {
    boolean settles = plan.warmUpSettles();
    RunListener following = listener.warmingUp(plan.warmUp());
    long firstLeg = 0;
    if (settles && plan.warmUp().compareTo(TWO_LEGS) >= 0) {
      RunResult first =
          warmUpLeg(
              plan,
              plan.warmUp().dividedBy(2),
              WarmUpSettling.leg(following, 0, true, false),
              listener,
              r -> {});
      if (first.window().stopReason() == StopReason.INTERRUPTED) {
        return false;
      }
      firstLeg = first.window().nanos();
    }
    Runner[] running = new Runner[1];
    WarmUpSettling settling =
        new WarmUpSettling(
            WarmUpSettling.leg(following, firstLeg, firstLeg == 0, true),
            plan.warmUp().minusNanos(firstLeg),
            () -> running[0].endNow(),
            WarmUpSettling::jvmCompileMillis);
    Duration length = settles ? plan.warmUpLongest().minusNanos(firstLeg) : plan.warmUp();
    RunResult result =
        warmUpLeg(plan, length, settles ? settling : following, listener, r -> running[0] = r);
    if (result.window().stopReason() == StopReason.INTERRUPTED) {
      return false;
    }
    if (settles) {
      listener.warmedUp(
          Duration.ofNanos(firstLeg + result.window().nanos()), Optional.of(settling.verdict()));
    } else {
      listener.warmedUp(plan.warmUp(), Optional.empty());
    }
    return true;
  }

  /** One leg of the warm-up, {@code length} long at most; {@code started} is given its runner. */
  private RunResult warmUpLeg(
      MeasurementPlan plan,
      Duration length,
      RunListener following,
      StepListener listener,
      java.util.function.Consumer<Runner> started)
      throws InterruptedException, TargetUnavailableException {
    Runner runner =
        new Runner(
            plan.run().warmup(length),
            // The window's own shape, so that the warm-up compiles the code the window runs.
            metrics(plan),
            following);
    started.accept(runner);
    gated(runner, plan, listener);
    stops.watch(runner::requestStop);
    return runner.run(crew, target);
  }

  /** A run's metrics, of the window's shape: its operations and timed statements. */
  private Metrics metrics(MeasurementPlan plan) {
    return new Metrics(
        plan.run().openLoop(), crew.workload().operations(), crew.workload().timedStatements());
  }

  /**
   * Has {@code runner} wait at the plan's start gate, if it has one: the warm-up's runner and the
   * measured run's both get it, and only the first to reach it waits.
   */
  private static void gated(Runner runner, MeasurementPlan plan, StepListener listener) {
    if (plan.start() != null) {
      runner.startAt(plan.start(), listener);
    }
  }

  private Verification verify(MeasurementPlan plan, Tally tally) {
    if (!plan.verify()) {
      // The cause as users know it: the option that turns verify off.
      return Verification.notRun("--no-verify");
    }
    if (stops.requested()) {
      return Verification.notRun("the run was interrupted");
    }
    for (boolean again = true; ; again = false) {
      long started = System.nanoTime();
      try {
        return crew.workload().verify(tally);
      } catch (Exception e) {
        boolean lost = target.classify(e).errorClass() == ErrorClass.CONNECTION;
        if (lost && again && System.nanoTime() - started < DEAD_AT_ONCE_NANOS) {
          LOG.debug("verify met a dead connection, and runs again: {}", Causes.describe(e));
          continue;
        }
        return Verification.notRun(
            (lost ? "cannot reach the server: " : "verify failed: ") + Causes.describe(e));
      }
    }
  }
}
