package io.txbench.core;

import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * One measured run of a crew, in the order that keeps the results whatever fails: warm up, let the
 * listener set up what follows the run, take verify's baseline, run, hand the result over, and only
 * then verify. A verify that cannot run says why in its verdict instead of losing the run.
 */
final class Measurement {
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

  RunOutcome run(RunPlan plan, StepListener listener) throws Exception {
    RunOptions run = plan.run();
    // What follows the run is set up after the warm-up: a run stopped in it leaves nothing that
    // looks like a run's results.
    if (!plan.warmUp().isZero() && !warmUp(plan, listener)) {
      return RunOutcome.stoppedInWarmUp();
    }
    Metrics metrics = new Metrics(run.openLoop(), crew.workload().operations());
    Optional<RunListener> following = listener.measuring(run, metrics);
    if (following.isEmpty()) {
      return RunOutcome.declined();
    }
    try {
      crew.workload().beforeRun();
    } catch (Exception e) {
      throw StepFailures.during("taking verify's baseline", target, e);
    }
    long unsettled = crew.unsettled();
    Telemetry.Checked commits =
        plan.commitCheck()
            ? telemetry.commitCheck()
            : new Telemetry.Checked(null, Optional.of("--no-commit-check"));
    TelemetrySampler sampler = telemetry.sampler(run.metricsPeriod(), following.get());
    Runner runner = new Runner(run, metrics, Telemetry.sampled(following.get(), sampler));
    CommitCheck.Mark[] before = new CommitCheck.Mark[1];
    int sessionsBefore = crew.sessionsOpen();
    int[] sessionsOpened = new int[1];
    // Every worker's session is open (a session's login commits too), none runs anything yet,
    // verify's baseline is taken: the first quiet moment.
    runner.beforeClock(
        () -> {
          sessionsOpened[0] = crew.sessionsOpen() - sessionsBefore;
          before[0] = mark(commits.check());
          stops.watch(runner::requestStop);
        });
    stops.watch(runner::requestStop);
    listener.started();
    RunResult result = runner.run(crew, target);
    result =
        result.withTelemetry(crossCheck(commits, before[0], result, unsettled, sessionsOpened[0]));
    listener.measured(result);
    return RunOutcome.measured(
        result, verify(plan, result, result.tally().withUnsettledBefore(unsettled)));
  }

  /** The telemetry's part of the summary, with the commit cross-check made now if there is one. */
  private RunTelemetry crossCheck(
      Telemetry.Checked commits,
      CommitCheck.Mark before,
      RunResult result,
      long unsettled,
      int sessionsOpened) {
    RunTelemetry flags = telemetry.flags();
    if (commits.check() == null) {
      return flags.withCommits(Optional.empty(), commits.why());
    }
    if (result.stopReason() == StopReason.INTERRUPTED) {
      return flags.withCommits(Optional.empty(), Optional.of("the run was interrupted"));
    }
    // Every worker has stopped: the second quiet moment, before the summary is written.
    CommitCheck.Mark after = before == null ? null : mark(commits.check());
    if (after == null) {
      return flags.withCommits(
          Optional.empty(), Optional.of("the server's count could not be read"));
    }
    CommitCheck.Outcome checked =
        commits
            .check()
            .compare(
                before,
                after,
                result.iterations() - result.declined(),
                result.inDoubt() + unsettled,
                sessionsOpened);
    return flags.withCommits(checked.commits(), checked.why());
  }

  /** The commit counter at a quiet moment; null without a check, or when it cannot be read. */
  private CommitCheck.Mark mark(CommitCheck check) {
    if (check == null) {
      return null;
    }
    stops.watch(check::stop);
    try {
      return check.mark();
    } catch (Exception e) {
      LoggerFactory.getLogger(Measurement.class)
          .warn("the commit cross-check could not read the server's count: {}", Causes.describe(e));
      return null;
    }
  }

  /** Runs the unmeasured warm-up; false when a stop came meanwhile. */
  private boolean warmUp(RunPlan plan, StepListener listener)
      throws InterruptedException, TargetUnavailableException {
    RunListener following = listener.warmingUp(plan.warmUp());
    Runner runner =
        new Runner(plan.run().warmup(plan.warmUp()), new Metrics(plan.run().openLoop()), following);
    stops.watch(runner::requestStop);
    return runner.run(crew, target).stopReason() != StopReason.INTERRUPTED;
  }

  private Verification verify(RunPlan plan, RunResult result, Tally tally) {
    if (!plan.verify()) {
      // The cause as users know it: the option that turns verify off.
      return Verification.notRun("--no-verify");
    }
    if (result.stopReason() == StopReason.INTERRUPTED) {
      return Verification.notRun("the run was interrupted");
    }
    try {
      return crew.workload().verify(tally);
    } catch (Exception e) {
      boolean lost = target.classify(e).errorClass() == ErrorClass.CONNECTION;
      return Verification.notRun(
          (lost ? "cannot reach the server: " : "verify failed: ") + Causes.describe(e));
    }
  }
}
